import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileProgress } from './file-progress';

describe('FileProgress', () => {
  it("shows the reference extraction's share done in words and on a named bar, with a way out", async () => {
    const onCancel = vi.fn();
    render(
      <FileProgress
        progress={{ percent: 42, secondsLeft: 12 }}
        onCancel={onCancel}
        title="Extracting the poses of the whole video…"
        name="Extraction progress"
        cancelLabel="Cancel the extraction"
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Extracting the poses of the whole video…');
    expect(screen.getByRole('progressbar', { name: 'Extraction progress' })).toHaveAttribute('value', '42');
    expect(screen.getByTestId('analysis-progress-text')).toHaveTextContent(/^42% done · about 12 s left$/);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the extraction' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("keeps the analysis's own words by default", () => {
    render(<FileProgress progress={null} onCancel={() => undefined} />);
    expect(screen.getByRole('status')).toHaveTextContent('Analysing the whole video…');
    expect(screen.getByRole('progressbar', { name: 'Analysis progress' })).not.toHaveAttribute('value');
    expect(screen.getByRole('button', { name: 'Cancel the analysis' })).toBeVisible();
  });
});
