/**
 * The host's controls while the group practises: the next step (or Finish on the last), a rest
 * for everyone, and the end for everyone (asked first).
 */
import type { TGroupBoard, TGroupMove, TGroupPhase } from '@movelab/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialogs';

type THostControlsProps = {
  board: Pick<TGroupBoard, 'step' | 'stepCount'>;
  phase: TGroupPhase;
  pending: string | null;
  onMove: (to: TGroupMove['to']) => void;
};

export function HostControls({ board, phase, pending, onMove }: THostControlsProps) {
  const [isConfirming, setConfirming] = useState(false);
  const isLast = board.step + 1 >= board.stepCount;
  return (
    <section aria-label="Host controls" className="flex flex-wrap gap-2">
      {isLast ? (
        <Button isLoading={pending === 'end'} onClick={() => onMove('end')}>
          Finish
        </Button>
      ) : (
        <Button isLoading={pending === 'next'} onClick={() => onMove('next')}>
          Next step
        </Button>
      )}
      <Button variant="secondary" disabled={phase !== 'running'} isLoading={pending === 'rest'} onClick={() => onMove('rest')}>
        Rest
      </Button>
      <Button variant="ghost" onClick={() => setConfirming(true)}>
        End for everyone
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        title="End the session for everyone?"
        message="Everyone's count stops here and the summary is shown on every screen."
        confirmLabel="End the session"
        isBusy={pending === 'end'}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onMove('end');
        }}
      />
    </section>
  );
}
