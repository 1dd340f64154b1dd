import type { TMovescoreGroup, TMovescoreMovement, TPerspective } from '@movelab/shared';
import { Suspense, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page';
import { InlineLoading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { useGroup, useGroupMovement, usePerspective } from '@/lib/api/movescore-catalogue';
import { CatalogueGate } from './catalogue-gate';
import { movementMissing } from './movescore-screens';

export type TAnalysisTarget = {
  group: TMovescoreGroup;
  movement: TMovescoreMovement;
  perspective: TPerspective;
};

/** The screen that runs the analysis (the app passes it in, lazily loaded with the pose model). */
export type TAnalysisComponent = ComponentType<TAnalysisTarget>;

/** The on-device analysis of this perspective, and a way back to the others. */
export function AnalysisStart({ group, movement, perspective, Analysis }: TAnalysisTarget & { Analysis: TAnalysisComponent }) {
  return (
    <div className="flex flex-col gap-4">
      <Suspense fallback={<InlineLoading label="Loading the analysis…" />}>
        <Analysis group={group} movement={movement} perspective={perspective} />
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
  Analysis,
}: {
  groupId: string;
  movementId: string;
  perspectiveId: string;
  Analysis: TAnalysisComponent;
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
            <AnalysisStart group={group.data} movement={movement.data} perspective={perspective.data} Analysis={Analysis} />
          </div>
        ) : null
      }
    </CatalogueGate>
  );
}
