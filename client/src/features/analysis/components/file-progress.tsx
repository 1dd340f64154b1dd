import { Button } from '@/components/ui/button';
import type { TFileProgress } from '../lib/file-progress';
import { timeLeftText } from '../lib/file-progress';

/**
 * An uploaded file being analysed: how much is done and about how long is left, with a way out.
 * The bar carries the share for screen readers; the status line is announced once, not at every step.
 */
export function FileProgress({
  progress,
  onCancel,
  title = 'Analysing the whole video…',
  name = 'Analysis progress',
  cancelLabel = 'Cancel the analysis',
}: {
  progress: TFileProgress | null;
  onCancel: () => void;
  /** The status line, the bar's name and the way out: the reference capture's extraction says its own. */
  title?: string;
  name?: string;
  cancelLabel?: string;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
        <p role="status" className="font-medium">
          {title}
        </p>
        {progress ? (
          <p className="text-muted" data-testid="analysis-progress-text">
            {progress.percent}% done{progress.secondsLeft === null ? '' : ` · ${timeLeftText(progress.secondsLeft)}`}
          </p>
        ) : null}
      </div>
      <progress
        className="h-2 w-full overflow-hidden rounded-full accent-primary"
        aria-label={name}
        max={100}
        {...(progress ? { value: progress.percent } : {})}
      />
      <Button variant="secondary" className="self-start" onClick={onCancel}>
        {cancelLabel}
      </Button>
    </div>
  );
}
