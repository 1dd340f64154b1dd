/** Movescore catalogue administration: the group list and a group (its movements and perspectives: movescore-movement-screens.tsx). */
import { countOf, type TMovescoreGroup, type TMovescoreMovement } from '@movelab/shared';
import { Button } from '@/components/ui/button';
import { NotFoundState } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { useGroup, useGroupMovements } from '@/lib/api/movescore-catalogue';
import {
  useAdminGroups,
  useGroupCount,
  useGroupMutations,
  useMovescoreMovementMutations,
  useGroupNameTaken,
  useUploadGroupCover,
} from '../api/movescore';
import { ChildrenCard, CrudList, LevelDialogs, nameColumn, SearchRow, useCrudDialogs, useSearchPrefix } from './crud';
import { ConfirmDialog } from '@/components/ui/dialogs';
import { ImageUpload } from './image-upload';
import { AdminPage, Card } from './layout';
import { NamedForm, type TNamedFields } from './movescore-forms';
import { QueryView } from './states';

export const movescoreCrumb = { label: 'Movescore', to: paths.adminMovescore() };

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
