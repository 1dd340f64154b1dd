import { InlineError } from '@/components/ui/status';
import type { TPoseModelState } from '@/lib/pose/use-pose-model';

/** The pose model's download and start-up, then nothing once it is ready. */
export function ModelStatus({ state, onRetry }: { state: TPoseModelState; onRetry: () => void }) {
  if (state.status === 'ready') return null;
  if (state.status === 'error') return <InlineError message={`The pose model could not start: ${state.message}`} onRetry={onRetry} />;
  const percent = Math.round(state.progress * 100);
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-surface p-4">
      <label htmlFor="pose-model-progress" className="text-sm text-muted">
        Loading the pose model on this device… {percent}%
      </label>
      <progress id="pose-model-progress" className="h-2 w-full accent-primary" max={100} value={percent} aria-label="Pose model loading" />
    </div>
  );
}
