/**
 * What a saved analysis shows beside its facts, as its result did: the reps with their time and
 * depth, the angle chart (drawn from the take's poses where this device kept them), and the
 * next steps: analyse the same movement again, or delete the session.
 */
import { SIGNAL_NAMES } from '@movelab/shared/movescore/features';
import { scoreTake } from '@movelab/shared/movescore/index';
import type { THistoryDetails, THistoryItem } from '@movelab/shared';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AngleCurveSection } from '@/components/result/angle-chart';
import { angleCurve } from '@/components/result/angle-curve';
import { RepCards } from '@/components/result/rep-cards';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { TReplayProps } from '@/lib/replay/take-video';
import type { TNames } from '../history';
import { DeleteSessionDialog } from './delete-session-dialog';

/** The saved reps as the result showed them; a take whose form was not judged has none. */
export function SavedReps({ details }: { details: THistoryDetails }) {
  return <RepCards reps={details.reps} />;
}

/**
 * The result's chart where this device kept the take (its poses and reference), drawn again the
 * same way; otherwise said plainly, since only the result's figures leave the device.
 */
export function SavedChart({ kept }: { kept: TReplayProps | null | undefined }) {
  const curve = useMemo(() => {
    if (!kept) return null;
    try {
      return angleCurve(kept.reference, kept.take, scoreTake(kept.reference, kept.take).reps);
    } catch {
      // A kept take this version cannot read again: said as a take not kept.
      return null;
    }
  }, [kept]);
  if (kept === undefined) return null;
  if (!kept || !curve) {
    return (
      <section aria-label="Angle curve" className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">Angle curve</h2>
        <p className="rounded-xl bg-surface p-4 text-muted" data-testid="history-item-no-chart">
          The angle curve is drawn from the poses of the take, which stay on the device that filmed it and are not kept on this one.
        </p>
      </section>
    );
  }
  return <AngleCurveSection curve={curve} signal={SIGNAL_NAMES[kept.reference.primary]} />;
}

/** "Analyse again" (the same movement and perspective) and delete, after a confirmation, leaving for the history once deleted. */
export function SessionActions({ uid, item, names }: { uid: string; item: THistoryItem; names: TNames }) {
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<THistoryItem | null>(null);
  const { groupId, movementId, perspectiveId } = item;
  return (
    <div className="flex flex-wrap gap-3">
      {groupId && movementId && perspectiveId ? (
        <Link to={paths.movescoreAnalysis({ groupId, movementId, perspectiveId })} className={buttonClasses('primary')}>
          Analyse again
        </Link>
      ) : null}
      <Button variant="secondary" onClick={() => setToDelete(item)}>
        Delete this session
      </Button>
      <DeleteSessionDialog
        uid={uid}
        item={toDelete}
        names={names}
        onClose={() => setToDelete(null)}
        onDeleted={() => void navigate(paths.movescoreHistory(), { replace: true })}
      />
    </div>
  );
}
