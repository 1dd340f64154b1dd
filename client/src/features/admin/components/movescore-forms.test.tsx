import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PerspectiveForm } from './movescore-forms';

describe('perspective form', () => {
  it('sends the movement kind the admin picks with the other fields', async () => {
    const onSubmit = vi.fn();
    render(<PerspectiveForm submitLabel="Create perspective" onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Side');
    await userEvent.selectOptions(screen.getByLabelText('Camera view'), 'side');
    const kind = screen.getByLabelText('Movement kind');
    expect(kind).toHaveValue('custom');
    await userEvent.selectOptions(kind, 'Push-up');
    await userEvent.click(screen.getByRole('button', { name: 'Create perspective' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ name: 'Side', view: 'side', kind: 'push-up', instructions: '' });
  });

  it('shows the kind a recorded reference was built as, and does not let it drift from it', async () => {
    const onSubmit = vi.fn();
    const initial = { name: 'Front', view: 'front' as const, instructions: '', kind: 'custom' as const, reference: { version: 2, kind: 'squat' } };
    render(<PerspectiveForm initial={initial} submitLabel="Save perspective" onSubmit={onSubmit} />);
    const kind = screen.getByLabelText('Movement kind');
    expect(kind).toHaveValue('squat');
    expect(kind).toBeDisabled();
    expect(screen.getByText(/record the reference again as another kind/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save perspective' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('kind');
  });
});
