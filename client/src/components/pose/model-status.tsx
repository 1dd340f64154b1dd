import { useState } from 'react';
import { InlineError } from '@/components/ui/status';
import type { TPoseModelState } from '@/lib/pose/use-pose-model';

/**
 * The pose model's download and start-up, then nothing once it is ready; or, with `holdPlace`
 * (above buttons the user is about to press), the same box saying it is ready: vanishing, it
 * would move the buttons up under a pointer on its way to them (a click that lands beside the
 * button, or on another). A model ready from the start shows nothing either way.
 */
export function ModelStatus({ state, onRetry, holdPlace = false }: { state: TPoseModelState; onRetry: () => void; holdPlace?: boolean }) {
  const [wasShown, setWasShown] = useState(state.status !== 'ready');
  if (state.status !== 'ready' && !wasShown) setWasShown(true);
  if (state.status === 'error') return <InlineError message={`The pose model could not start: ${state.message}`} onRetry={onRetry} />;
  if (state.status === 'ready' && !(wasShown && holdPlace)) return null;
  const isReady = state.status === 'ready';
  const percent = isReady ? 100 : Math.round(state.progress * 100);
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-surface p-4">
      <label htmlFor="pose-model-progress" className="text-sm text-muted">
        {isReady ? 'Pose model ready on this device' : `Loading the pose model on this device… ${percent}%`}
      </label>
      <progress
        id="pose-model-progress"
        className="h-2 w-full accent-primary"
        max={100}
        value={percent}
        aria-label={isReady ? 'Pose model ready' : 'Pose model loading'}
      />
    </div>
  );
}
