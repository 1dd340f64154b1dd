import { Button } from '@/components/ui/button';
import type { TFileProgress } from '../lib/file-progress';
import { timeLeftText } from '../lib/file-progress';

/**
 * An uploaded file being analysed: how much is done and about how long is left, with a way out.
 * The bar carries the share for screen readers; the status line is announced once, not at every step.
 */
export function FileProgress({ progress, onCancel }: { progress: TFileProgress | null; onCancel: () => void }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
        <p role="status" className="font-medium">
          Analysing the whole video…
        </p>
        {progress ? (
          <p className="text-muted" data-testid="analysis-progress-text">
            {progress.percent}% done{progress.secondsLeft === null ? '' : ` · ${timeLeftText(progress.secondsLeft)}`}
          </p>
        ) : null}
      </div>
      <progress
        className="h-2 w-full overflow-hidden rounded-full accent-primary"
        aria-label="Analysis progress"
        max={100}
        {...(progress ? { value: progress.percent } : {})}
      />
      <Button variant="secondary" className="self-start" onClick={onCancel}>
        Cancel the analysis
      </Button>
    </div>
  );
}
