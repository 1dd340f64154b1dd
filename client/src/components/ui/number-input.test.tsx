import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumberInput, type TNumberInputProps } from './number-input';

/** A controlled host like a form: the field's value is what onChange last reported. */
function Host(props: Partial<TNumberInputProps> & { initial?: number | null; onValue?: (value: number | null) => void }) {
  const { initial = null, onValue, ...rest } = props;
  const [value, setValue] = useState<number | null>(initial);
  return (
    <NumberInput
      label="Height"
      {...rest}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

function setup(props: Parameters<typeof Host>[0] = {}) {
  const onValue = vi.fn();
  render(<Host onValue={onValue} {...props} />);
  return { user: userEvent.setup(), input: screen.getByRole('spinbutton', { name: 'Height' }), onValue };
}

describe('NumberInput', () => {
  it('accepts digits, minus, plus and dot, and refuses letters', async () => {
    const { user, input } = setup();
    await user.type(input, '1a7b5.e5x');
    expect(input).toHaveValue('175.5');
    await user.clear(input);
    await user.type(input, '-+2');
    expect(input).toHaveValue('-+2');
  });

  it('refuses a paste with letters and keeps a numeric one', async () => {
    const { user, input } = setup();
    await user.click(input);
    await user.paste('12ab');
    expect(input).toHaveValue('');
    await user.paste('180');
    expect(input).toHaveValue('180');
  });

  it('clamps to min and max when the field loses focus or on Enter', async () => {
    const { user, input, onValue } = setup({ min: 50, max: 272 });
    await user.type(input, '400');
    await user.tab();
    expect(input).toHaveValue('272');
    expect(onValue).toHaveBeenLastCalledWith(272);

    await user.clear(input);
    await user.type(input, '12{Enter}');
    expect(input).toHaveValue('50');
    expect(onValue).toHaveBeenLastCalledWith(50);
  });

  it('goes back to the last good value on half-typed input, and reports an empty field as null', async () => {
    const { user, input, onValue } = setup({ initial: 170 });
    await user.clear(input);
    await user.type(input, '1.2.3');
    await user.tab();
    expect(input).toHaveValue('170');

    await user.clear(input);
    await user.tab();
    expect(input).toHaveValue('');
    expect(onValue).toHaveBeenLastCalledWith(null);
  });

  it('steps with the arrow keys by the configured step, within the bounds', async () => {
    const { user, input, onValue } = setup({ initial: 1.9, min: 0, max: 2, step: 0.1 });
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('2');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('2');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input).toHaveValue('1.7');
    expect(onValue).toHaveBeenLastCalledWith(1.7);
    expect(input).toHaveAttribute('aria-valuenow', '1.7');
  });

  it('shows its error, linked to the field', () => {
    render(<NumberInput label="Height" value={null} onChange={() => undefined} error="Height is at least 50 cm" />);
    expect(screen.getByRole('spinbutton', { name: 'Height' })).toHaveAccessibleDescription('Height is at least 50 cm');
  });

  it('shows its range and says when a typed value was clamped, and to which end', async () => {
    const onClampNote = vi.fn();
    const { user, input } = setup({ min: 50, max: 272, unit: 'cm', onClampNote });
    expect(input).toHaveAccessibleDescription('From 50 to 272 cm');
    await user.type(input, '1800{Enter}');
    expect(input).toHaveValue('272');
    expect(screen.getByRole('status')).toHaveTextContent('Height set to 272 cm, the most allowed');
    expect(onClampNote).toHaveBeenLastCalledWith('Height set to 272 cm, the most allowed');
    await user.clear(input);
    await user.type(input, '3{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Height set to 50 cm, the least allowed');
    // A value within the range says nothing more.
    await user.clear(input);
    await user.type(input, '180');
    await user.tab();
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(onClampNote).toHaveBeenLastCalledWith(null);
  });
});
