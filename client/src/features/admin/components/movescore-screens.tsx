/** Movescore catalogue administration: the group list, a group, a movement, a perspective. */
import type { ComponentType } from 'react';
import { countOf, referenceKind, type TMovescoreGroup, type TMovescoreMovement, type TPerspective, type TPerspectiveView } from '@movelab/shared';
import type { TMovementKind } from '@movelab/shared/movescore/index';
import { Button } from '@/components/ui/button';
import { NotFoundState } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { useGroup, useGroupMovement, useGroupMovements, usePerspective, usePerspectives } from '@/lib/api/movescore-catalogue';
import {
  useAdminGroups,
  useGroupCount,
  useGroupMutations,
  useMovescoreMovementMutations,
  usePerspectiveMutations,
  useGroupNameTaken,
  useUploadGroupCover,
} from '../api/movescore';
import { ChildrenCard, CrudList, LevelDialogs, nameColumn, SearchRow, useCrudDialogs, useSearchPrefix } from './crud';
import { ConfirmDialog } from '@/components/ui/dialogs';
import { ImageUpload } from './image-upload';
import { AdminPage, Card } from './layout';
import { KIND_OPTIONS, NamedForm, PerspectiveForm, VIEW_OPTIONS, type TNamedFields } from './movescore-forms';
import { QueryView } from './states';
import { followedKind } from '../lib/followed-kind';
import { ReferenceCaptureSlot } from './reference-slot';

const movescoreCrumb = { label: 'Movescore', to: paths.adminMovescore() };

/**
 * Asks before deleting a group; with movements, says what goes with it and deletes them only on
 * request. What the group holds is read again when the dialog opens, and Delete waits for it: the
 * row's count can be older than a movement just added (a list shown again from its cache while it
 * refetches), and deciding from it asked to delete an empty group, which the backend then refused.
 */
function DeleteGroupDialog({ group, onClose, prefix }: { group: TMovescoreGroup | null; onClose: () => void; prefix: string }) {
  const { remove } = useGroupMutations(prefix);
  const movements = useGroupMovements(group?.id ?? '', { enabled: Boolean(group) });
  if (!group) return <ConfirmDialog isOpen={false} title="" message="" confirmLabel="" onConfirm={onClose} onClose={onClose} />;
  // Not read (offline, or a group still being created): the row's count; the backend refuses a
  // delete that would take movements the dialog did not name.
  const checking = movements.fetchStatus === 'fetching';
  const movementCount = movements.isSuccess ? movements.data.length : group.movementCount;
  const hasChildren = movementCount > 0;
  const perspectiveCount = (movements.data ?? []).reduce((sum, movement) => sum + movement.perspectiveCount, 0);
  const message = checking ? (
    <p>Checking what “{group.name}” holds…</p>
  ) : hasChildren ? (
    <p>
      “{group.name}” has {countOf(movementCount, 'movement')}
      {movements.isSuccess ? ` and ${countOf(perspectiveCount, 'perspective')}` : ''}. Deleting the group deletes them all, or cancel to keep
      everything.
    </p>
  ) : (
    <p>“{group.name}” and its cover will be deleted.</p>
  );
  return (
    <ConfirmDialog
      isOpen
      title="Delete group?"
      message={message}
      confirmLabel={hasChildren ? 'Delete all' : 'Delete'}
      isBusy={checking}
      onClose={onClose}
      onConfirm={() => {
        if (checking) return;
        remove.mutate({ id: group.id, children: hasChildren ? 'cascade' : 'block' });
        onClose();
      }}
    />
  );
}

export function GroupsScreen() {
  const [prefix, setPrefix] = useSearchPrefix();
  const groups = useAdminGroups(prefix);
  const count = useGroupCount();
  const mutations = useGroupMutations(prefix);
  const crud = useCrudDialogs<TMovescoreGroup>();
  const nameTaken = useGroupNameTaken(crud.editing?.id);
  return (
    <AdminPage title="Movescore groups" crumbs={[movescoreCrumb]} action={<Button onClick={crud.create}>New group</Button>}>
      <SearchRow label="Search groups by name" prefix={prefix} onChange={setPrefix} count={count} what="groups" />
      <CrudList
        crud={crud}
        query={groups}
        label="Groups"
        loading="Loading groups…"
        empty={prefix ? `No group name starts with “${prefix}”.` : 'No groups yet: create the first one.'}
        columns={[
          {
            header: 'Cover',
            cell: (group) =>
              group.coverUrl ? (
                <img src={group.coverUrl} alt="" className="h-10 w-10 rounded object-cover" />
              ) : (
                <span className="text-muted">none</span>
              ),
          },
          nameColumn((group) => paths.adminMovescoreGroup({ groupId: group.id })),
          { header: 'Movements', cell: (group) => group.movementCount },
        ]}
      />
      <LevelDialogs
        crud={crud}
        mutations={mutations}
        what="group"
        toCreate={(values: TNamedFields) => ({ ...values, coverUrl: '' })}
        form={(form) => <NamedForm what="group" nameTaken={nameTaken} {...form} />}
      />
      <DeleteGroupDialog group={crud.deleting} prefix={prefix} onClose={crud.closeDelete} />
    </AdminPage>
  );
}

function GroupDetails({ group }: { group: TMovescoreGroup }) {
  const { update } = useGroupMutations('');
  const upload = useUploadGroupCover(group.id);
  const nameTaken = useGroupNameTaken(group.id);
  return (
    <Card title="Group">
      <p className="text-sm" aria-live="polite">
        {countOf(group.movementCount, 'movement')}
      </p>
      <ImageUpload label="Cover image" currentUrl={group.coverUrl} upload={upload} />
      <NamedForm
        key={`${group.name}\u0000${group.description}`}
        what="group"
        nameTaken={nameTaken}
        initial={group}
        submitLabel="Save group"
        isBusy={update.isPending}
        onSubmit={(values) => update.mutate({ id: group.id, update: values })}
      />
    </Card>
  );
}

export function GroupScreen({ groupId }: { groupId: string }) {
  const group = useGroup(groupId);
  const movements = useGroupMovements(groupId);
  const mutations = useMovescoreMovementMutations(groupId);
  const crud = useCrudDialogs<TMovescoreMovement>();
  if (group.data === null) {
    return (
      <NotFoundState title="Group not found" message="This group does not exist any more." backTo={paths.adminMovescore()} backLabel="All groups" />
    );
  }
  const name = group.data?.name ?? 'Group';
  return (
    <AdminPage title={name} crumbs={[movescoreCrumb, { label: name, to: paths.adminMovescoreGroup({ groupId }) }]}>
      <QueryView query={group} loading="Loading the group…">
        {(data) => (data ? <GroupDetails group={data} /> : null)}
      </QueryView>
      <ChildrenCard
        crud={crud}
        query={movements}
        title="Movements"
        what="movement"
        columns={[
          nameColumn((movement) => paths.adminMovescoreMovement({ groupId, movementId: movement.id })),
          {
            header: 'Perspectives',
            cell: (movement) => (movement.perspectiveCount > 0 ? movement.perspectiveCount : '0 · users see it as “Not ready yet”'),
          },
        ]}
      />
      <LevelDialogs
        crud={crud}
        mutations={mutations}
        what="movement"
        form={(form) => <NamedForm what="movement" {...form} />}
        list={movements}
        childCount={(movement) => movement.perspectiveCount}
        deleteMessage={(movement) =>
          movement.perspectiveCount > 0
            ? `“${movement.name}” has ${countOf(movement.perspectiveCount, 'perspective')}. Deleting the movement deletes them too, or cancel to keep everything.`
            : `“${movement.name}” will be deleted.`
        }
      />
    </AdminPage>
  );
}

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
