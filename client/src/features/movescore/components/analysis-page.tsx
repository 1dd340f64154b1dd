import type { TMovescoreGroup, TMovescoreMovement, TPerspective } from '@movelab/shared';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page';
import { InlineLoading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { useGroup, useGroupMovement, usePerspective } from '../api/get-catalogue';
import { CatalogueGate } from './catalogue-gate';
import { movementMissing } from './movescore-screens';

type TAnalysisTarget = {
  group: TMovescoreGroup;
  movement: TMovescoreMovement;
  perspective: TPerspective;
};

// The analysis (and with it the pose worker and the engine) loads only on this screen.
const AnalysisFlow = lazy(() =>
  import('@/features/analysis/components/analysis-flow').then((module) => ({
    default: module.AnalysisFlow,
  })),
);

/** The on-device analysis of this perspective, and a way back to the others. */
export function AnalysisStart({ group, movement, perspective }: TAnalysisTarget) {
  return (
    <div className="flex flex-col gap-4">
      <Suspense fallback={<InlineLoading label="Loading the analysis…" />}>
        <AnalysisFlow group={group} movement={movement} perspective={perspective} />
      </Suspense>
      <Link
        to={paths.movescoreSelectPerspective({
          groupId: group.id,
          movementId: movement.id,
        })}
        className={buttonClasses('ghost', 'self-start')}
      >
        Choose another perspective
      </Link>
    </div>
  );
}

export function AnalysisPage({
  groupId,
  movementId,
  perspectiveId,
}: {
  groupId: string;
  movementId: string;
  perspectiveId: string;
}) {
  const group = useGroup(groupId);
  const movement = useGroupMovement(groupId, movementId);
  const perspective = usePerspective(groupId, movementId, perspectiveId);
  const notFound =
    movement.data === null || group.data === null
      ? movementMissing(groupId)
      : {
          title: 'Perspective not found',
          message: 'This camera perspective does not exist for this movement, or was removed.',
          backTo: paths.movescoreSelectPerspective({ groupId, movementId }),
          backLabel: 'Back to the perspectives',
        };
  return (
    <CatalogueGate records={[group, movement, perspective]} notFound={notFound}>
      {() =>
        group.data && movement.data && perspective.data ? (
          <div className="flex flex-col gap-6">
            <div className="flex flex-col gap-1">
              <PageTitle>Analysis</PageTitle>
              <p className="text-muted">
                {group.data.name} · {movement.data.name} · {perspective.data.name}
              </p>
            </div>
            <AnalysisStart group={group.data} movement={movement.data} perspective={perspective.data} />
          </div>
        ) : null
      }
    </CatalogueGate>
  );
}
