import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilePicker } from './file-picker';

describe('FilePicker', () => {
  it("is named by its label, styled as the app's button, reached from the keyboard, and says the file chosen", async () => {
    const onPick = vi.fn();
    render(
      <>
        <FilePicker label="Cover image" buttonLabel="Choose an image" accept="image/png" describedBy="types" onPick={onPick} />
        <p id="types">PNG, up to 5 MB.</p>
      </>,
    );
    const input = screen.getByLabelText('Cover image');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription('No file chosen PNG, up to 5 MB.');
    // The button the user sees is the input's label, in the app's secondary button style.
    const button = screen.getByText('Choose an image');
    expect(button.tagName).toBe('LABEL');
    expect(button).toHaveAttribute('for', input.id);
    expect(button).toHaveClass('border-secondary', 'min-h-11');
    await userEvent.tab();
    expect(input).toHaveFocus();

    const file = new File(['png'], 'cover.png', { type: 'image/png' });
    await userEvent.upload(input, file);
    expect(onPick).toHaveBeenCalledWith(file);
    expect(screen.getByTestId('file-picker-chosen')).toHaveTextContent('cover.png');
    expect(input).toHaveAccessibleDescription('cover.png PNG, up to 5 MB.');
  });

  it('cannot be used while disabled', () => {
    render(<FilePicker label="Cover image" buttonLabel="Choose an image" disabled onPick={() => undefined} />);
    expect(screen.getByLabelText('Cover image')).toBeDisabled();
    expect(screen.getByText('Choose an image')).toHaveClass('pointer-events-none');
  });
});
