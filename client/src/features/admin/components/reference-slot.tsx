import type { TPerspective } from '@movelab/shared';

/**
 * SLOT: reference capture. The movescore engine work fills this in (record or upload a
 * reference take for the perspective and save it as `reference`). Until
 * then it only says so; the perspective page already shows whether a reference exists.
 */
export function ReferenceCaptureSlot(_props: { groupId: string; movementId: string; perspective: TPerspective }) {
  return (
    <div data-slot="reference-capture" className="rounded-lg border border-dashed border-white/20 p-4 text-sm text-muted">
      Reference capture arrives with the movescore engine.
    </div>
  );
}
