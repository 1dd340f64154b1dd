/** Movescore catalogue administration: a movement of a group and its perspectives, a perspective with its reference motion. */
import type { ComponentType } from 'react';
import { countOf, referenceKind, type TPerspective, type TPerspectiveView } from '@movelab/shared';
import type { TMovementKind } from '@movelab/shared/movescore/index';
import { NotFoundState } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { useGroup, useGroupMovement, usePerspective, usePerspectives } from '@/lib/api/movescore-catalogue';
import { useMovescoreMovementMutations, usePerspectiveMutations } from '../api/movescore';
import { followedKind } from '../lib/followed-kind';
import { ChildrenCard, LevelDialogs, nameColumn, useCrudDialogs } from './crud';
import { AdminPage, Card } from './layout';
import { KIND_OPTIONS, NamedForm, PerspectiveForm, VIEW_OPTIONS } from './movescore-forms';
import { movescoreCrumb } from './movescore-screens';
import { ReferenceCaptureSlot } from './reference-slot';
import { QueryView } from './states';

export function MovescoreMovementScreen({ groupId, movementId }: { groupId: string; movementId: string }) {
  const group = useGroup(groupId);
  const movement = useGroupMovement(groupId, movementId);
  const perspectives = usePerspectives(groupId, movementId);
  const save = useMovescoreMovementMutations(groupId).update;
  const mutations = usePerspectiveMutations(groupId, movementId);
  const crud = useCrudDialogs<TPerspective>();
  if (movement.data === null) {
    return (
      <NotFoundState
        title="Movement not found"
        message="This movement does not exist any more."
        backTo={paths.adminMovescoreGroup({ groupId })}
        backLabel="Back to the group"
      />
    );
  }
  const name = movement.data?.name ?? 'Movement';
  const viewLabel = (view: string) => VIEW_OPTIONS.find((option) => option.value === view)?.label ?? view;
  const kindLabel = (perspective: TPerspective) =>
    KIND_OPTIONS.find((option) => option.value === (referenceKind(perspective.reference) ?? perspective.kind))?.label ?? 'Not set';
  return (
    <AdminPage
      title={name}
      crumbs={[
        movescoreCrumb,
        { label: group.data?.name ?? 'Group', to: paths.adminMovescoreGroup({ groupId }) },
        { label: name, to: paths.adminMovescoreMovement({ groupId, movementId }) },
      ]}
    >
      <QueryView query={movement} loading="Loading the movement…">
        {(data) =>
          data ? (
            <Card title="Movement">
              <p className="text-sm" aria-live="polite">
                {countOf(data.perspectiveCount, 'perspective')}
              </p>
              <NamedForm
                key={`${data.name}\u0000${data.description}`}
                what="movement"
                initial={data}
                submitLabel="Save movement"
                isBusy={save.isPending}
                onSubmit={(values) => save.mutate({ id: movementId, update: values })}
              />
            </Card>
          ) : null
        }
      </QueryView>
      <ChildrenCard
        crud={crud}
        query={perspectives}
        title="Perspectives"
        what="perspective"
        columns={[
          nameColumn((perspective) => paths.adminMovescorePerspective({ groupId, movementId, perspectiveId: perspective.id })),
          { header: 'View', cell: (perspective) => viewLabel(perspective.view) },
          { header: 'Kind', cell: kindLabel },
          { header: 'Reference', cell: (perspective) => (hasReference(perspective) ? 'Recorded' : 'None yet') },
        ]}
      />
      <LevelDialogs
        crud={crud}
        mutations={mutations}
        what="perspective"
        form={(form) => (
          <PerspectiveForm
            {...form}
            defaultKind={followedKind(perspectives.data ?? [], { group: group.data?.name, movement: movement.data?.name })}
          />
        )}
        deleteMessage={(perspective) => `“${perspective.name}” and its reference motion will be deleted.`}
      />
    </AdminPage>
  );
}

export const hasReference = (perspective: TPerspective) => perspective.reference !== undefined;

/** The reference capture (record or upload, build, save); the app passes it in, loaded lazily with the pose model. */
export type TReferenceCapture = ComponentType<{
  groupId: string;
  movementId: string;
  perspectiveId: string;
  kind?: TMovementKind | undefined;
  view?: TPerspectiveView | undefined;
}>;

export function PerspectiveScreen({
  groupId,
  movementId,
  perspectiveId,
  ReferenceCapture,
}: {
  groupId: string;
  movementId: string;
  perspectiveId: string;
  ReferenceCapture?: TReferenceCapture;
}) {
  const group = useGroup(groupId);
  const movement = useGroupMovement(groupId, movementId);
  const perspective = usePerspective(groupId, movementId, perspectiveId);
  const { update } = usePerspectiveMutations(groupId, movementId);
  if (perspective.data === null) {
    return (
      <NotFoundState
        title="Perspective not found"
        message="This perspective does not exist any more."
        backTo={paths.adminMovescoreMovement({ groupId, movementId })}
        backLabel="Back to the movement"
      />
    );
  }
  const name = perspective.data?.name ?? 'Perspective';
  return (
    <AdminPage
      title={name}
      crumbs={[
        movescoreCrumb,
        { label: group.data?.name ?? 'Group', to: paths.adminMovescoreGroup({ groupId }) },
        { label: movement.data?.name ?? 'Movement', to: paths.adminMovescoreMovement({ groupId, movementId }) },
        { label: name, to: paths.adminMovescorePerspective({ groupId, movementId, perspectiveId }) },
      ]}
    >
      <QueryView query={perspective} loading="Loading the perspective…">
        {(data) =>
          data ? (
            <>
              <Card title="Perspective">
                <PerspectiveForm
                  key={`${data.name}\u0000${data.view}\u0000${data.instructions}\u0000${data.kind}\u0000${referenceKind(data.reference)}`}
                  initial={data}
                  submitLabel="Save perspective"
                  isBusy={update.isPending}
                  // With the capture, its select is the page's one movement kind (saved with the reference).
                  withKind={!ReferenceCapture}
                  onSubmit={(values) => update.mutate({ id: perspectiveId, update: values })}
                />
              </Card>
              <Card title="Reference motion">
                <p className="text-sm" aria-live="polite">
                  {hasReference(data)
                    ? 'A reference motion is recorded for this perspective.'
                    : 'No reference motion yet: analyses of this perspective cannot be scored.'}
                </p>
                {ReferenceCapture ? (
                  <ReferenceCapture groupId={groupId} movementId={movementId} perspectiveId={perspectiveId} kind={data.kind} view={data.view} />
                ) : (
                  <ReferenceCaptureSlot groupId={groupId} movementId={movementId} perspective={data} />
                )}
              </Card>
            </>
          ) : null
        }
      </QueryView>
    </AdminPage>
  );
}
