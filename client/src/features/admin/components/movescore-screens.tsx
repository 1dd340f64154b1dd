/** Movescore catalogue administration: the group list, a group, a movement, a perspective. */
import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { TMovescoreGroup, TMovescoreMovement, TPerspective } from '@movelab/shared';
import { Button } from '@/components/ui/button';
import { NotFoundState } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { useGroup, useGroupMovement, useGroupMovements, usePerspective, usePerspectives } from '@/lib/api/movescore-catalogue';
import { useBackend } from '@/lib/backend-context';
import { queryKeys } from '@/lib/query-keys';
import {
  useAdminGroups,
  useCreateGroup,
  useCreateMovescoreMovement,
  useCreatePerspective,
  useDeleteGroup,
  useDeleteMovescoreMovement,
  useDeletePerspective,
  useGroupCount,
  useUpdateGroup,
  useUpdateMovescoreMovement,
  useUpdatePerspective,
  useUploadGroupCover,
} from '../api/movescore';
import { isPending } from '../lib/optimistic';
import { ConfirmDialog, FormDialog } from './dialogs';
import { ImageUpload } from './image-upload';
import { AdminPage, Card, SearchBox } from './layout';
import { NamedForm, PerspectiveForm, VIEW_OPTIONS } from './movescore-forms';
import { RecordList } from './record-list';
import { CountText, QueryView } from './states';
import { ReferenceCaptureSlot } from './reference-slot';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const movescoreCrumb = { label: 'Movescore', to: paths.adminMovescore() };

/** Edit and Delete buttons of a row, named after the record so each is unique for assistive tech. */
export function RowActions({ name, onEdit, onDelete, isDisabled }: { name: string; onEdit: () => void; onDelete: () => void; isDisabled?: boolean }) {
  return (
    <>
      <Button variant="ghost" className="min-h-9" aria-label={`Edit ${name}`} onClick={onEdit} disabled={isDisabled}>
        Edit
      </Button>
      <Button variant="ghost" className="min-h-9 text-danger" aria-label={`Delete ${name}`} onClick={onDelete} disabled={isDisabled}>
        Delete
      </Button>
    </>
  );
}

function useMovementsWhenOpen(groupId: string | undefined) {
  const backend = useBackend();
  return useQuery({
    queryKey: queryKeys.movescoreGroups.movements(groupId ?? ''),
    queryFn: () => backend.movescore.listMovements(groupId!),
    enabled: groupId !== undefined,
  });
}

/** Asks before deleting a group; with movements, says what goes with it and deletes them only on request. */
function DeleteGroupDialog({ group, onClose, prefix }: { group: TMovescoreGroup | null; onClose: () => void; prefix: string }) {
  const remove = useDeleteGroup(prefix);
  const movements = useMovementsWhenOpen(group && group.movementCount > 0 ? group.id : undefined);
  if (!group) return <ConfirmDialog isOpen={false} title="" message="" confirmLabel="" onConfirm={onClose} onClose={onClose} />;
  const hasChildren = group.movementCount > 0;
  const perspectiveCount = (movements.data ?? []).reduce((sum, movement) => sum + movement.perspectiveCount, 0);
  const message = hasChildren ? (
    <p>
      “{group.name}” has {plural(group.movementCount, 'movement')}
      {movements.data ? ` and ${plural(perspectiveCount, 'perspective')}` : ''}. Deleting the group deletes them all, or cancel to keep everything.
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
      onClose={onClose}
      onConfirm={() => {
        remove.mutate({ groupId: group.id, children: hasChildren ? 'cascade' : 'block' });
        onClose();
      }}
    />
  );
}

export function GroupsScreen() {
  const [params, setParams] = useSearchParams();
  const prefix = params.get('q') ?? '';
  const groups = useAdminGroups(prefix);
  const count = useGroupCount();
  const create = useCreateGroup(prefix);
  const update = useUpdateGroup(prefix);
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<TMovescoreGroup | null>(null);
  const [deleting, setDeleting] = useState<TMovescoreGroup | null>(null);
  return (
    <AdminPage title="Movescore groups" crumbs={[movescoreCrumb]} action={<Button onClick={() => setIsCreating(true)}>New group</Button>}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SearchBox label="Search groups by name" value={prefix} onChange={(q) => setParams(q ? { q } : {}, { replace: true })} />
        <p className="text-sm text-muted" aria-live="polite">
          <CountText query={count} /> groups in all
        </p>
      </div>
      <QueryView query={groups} loading="Loading groups…" empty={prefix ? `No group name starts with “${prefix}”.` : 'No groups yet: create the first one.'}>
        {(list) => (
          <RecordList
            label="Groups"
            items={list}
            columns={[
              {
                header: 'Cover',
                cell: (group) =>
                  group.coverUrl ? <img src={group.coverUrl} alt="" className="h-10 w-10 rounded object-cover" /> : <span className="text-muted">none</span>,
              },
              {
                header: 'Name',
                isMain: true,
                cell: (group) =>
                  isPending(group.id) ? group.name : <Link className="text-primary hover:underline" to={paths.adminMovescoreGroup({ groupId: group.id })}>{group.name}</Link>,
              },
              { header: 'Movements', cell: (group) => group.movementCount },
            ]}
            actions={(group) => (
              <RowActions name={group.name} isDisabled={isPending(group.id)} onEdit={() => setEditing(group)} onDelete={() => setDeleting(group)} />
            )}
          />
        )}
      </QueryView>
      <FormDialog isOpen={isCreating} onClose={() => setIsCreating(false)} title="New group">
        <NamedForm
          what="group"
          submitLabel="Create group"
          onCancel={() => setIsCreating(false)}
          onSubmit={(values) => {
            create.mutate({ ...values, coverUrl: '' });
            setIsCreating(false);
          }}
        />
      </FormDialog>
      <FormDialog isOpen={editing !== null} onClose={() => setEditing(null)} title="Edit group">
        {editing ? (
          <NamedForm
            what="group"
            initial={editing}
            submitLabel="Save"
            onCancel={() => setEditing(null)}
            onSubmit={(values) => {
              update.mutate({ groupId: editing.id, update: values });
              setEditing(null);
            }}
          />
        ) : null}
      </FormDialog>
      <DeleteGroupDialog group={deleting} prefix={prefix} onClose={() => setDeleting(null)} />
    </AdminPage>
  );
}

function GroupDetails({ group }: { group: TMovescoreGroup }) {
  const update = useUpdateGroup('');
  const upload = useUploadGroupCover(group.id);
  return (
    <Card title="Group">
      <p className="text-sm" aria-live="polite">
        {plural(group.movementCount, 'movement')}
      </p>
      <ImageUpload label="Cover image" currentUrl={group.coverUrl} upload={upload} />
      <NamedForm
        key={`${group.name}\u0000${group.description}`}
        what="group"
        initial={group}
        submitLabel="Save group"
        isBusy={update.isPending}
        onSubmit={(values) => update.mutate({ groupId: group.id, update: values })}
      />
    </Card>
  );
}

export function GroupScreen({ groupId }: { groupId: string }) {
  const group = useGroup(groupId);
  const movements = useGroupMovements(groupId);
  const create = useCreateMovescoreMovement(groupId);
  const update = useUpdateMovescoreMovement(groupId);
  const remove = useDeleteMovescoreMovement(groupId);
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<TMovescoreMovement | null>(null);
  const [deleting, setDeleting] = useState<TMovescoreMovement | null>(null);
  if (group.data === null) {
    return <NotFoundState title="Group not found" message="This group does not exist any more." backTo={paths.adminMovescore()} backLabel="All groups" />;
  }
  const name = group.data?.name ?? 'Group';
  return (
    <AdminPage title={name} crumbs={[movescoreCrumb, { label: name, to: paths.adminMovescoreGroup({ groupId }) }]}>
      <QueryView query={group} loading="Loading the group…">
        {(data) => (data ? <GroupDetails group={data} /> : null)}
      </QueryView>
      <Card title="Movements">
        <div>
          <Button onClick={() => setIsCreating(true)}>New movement</Button>
        </div>
        <QueryView query={movements} loading="Loading movements…" empty="No movements yet.">
          {(list) => (
            <RecordList
              label="Movements"
              items={list}
              columns={[
                {
                  header: 'Name',
                  isMain: true,
                  cell: (movement) =>
                    isPending(movement.id) ? movement.name : (
                      <Link className="text-primary hover:underline" to={paths.adminMovescoreMovement({ groupId, movementId: movement.id })}>
                        {movement.name}
                      </Link>
                    ),
                },
                { header: 'Perspectives', cell: (movement) => movement.perspectiveCount },
              ]}
              actions={(movement) => (
                <RowActions name={movement.name} isDisabled={isPending(movement.id)} onEdit={() => setEditing(movement)} onDelete={() => setDeleting(movement)} />
              )}
            />
          )}
        </QueryView>
      </Card>
      <FormDialog isOpen={isCreating} onClose={() => setIsCreating(false)} title="New movement">
        <NamedForm
          what="movement"
          submitLabel="Create movement"
          onCancel={() => setIsCreating(false)}
          onSubmit={(values) => {
            create.mutate(values);
            setIsCreating(false);
          }}
        />
      </FormDialog>
      <FormDialog isOpen={editing !== null} onClose={() => setEditing(null)} title="Edit movement">
        {editing ? (
          <NamedForm
            what="movement"
            initial={editing}
            submitLabel="Save"
            onCancel={() => setEditing(null)}
            onSubmit={(values) => {
              update.mutate({ movementId: editing.id, update: values });
              setEditing(null);
            }}
          />
        ) : null}
      </FormDialog>
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete movement?"
        message={
          deleting && deleting.perspectiveCount > 0
            ? `“${deleting.name}” has ${plural(deleting.perspectiveCount, 'perspective')}. Deleting the movement deletes them too, or cancel to keep everything.`
            : `“${deleting?.name ?? ''}” will be deleted.`
        }
        confirmLabel={deleting && deleting.perspectiveCount > 0 ? 'Delete all' : 'Delete'}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate({ movementId: deleting.id, children: deleting.perspectiveCount > 0 ? 'cascade' : 'block' });
          setDeleting(null);
        }}
      />
    </AdminPage>
  );
}

export function MovescoreMovementScreen({ groupId, movementId }: { groupId: string; movementId: string }) {
  const group = useGroup(groupId);
  const movement = useGroupMovement(groupId, movementId);
  const perspectives = usePerspectives(groupId, movementId);
  const save = useUpdateMovescoreMovement(groupId);
  const create = useCreatePerspective(groupId, movementId);
  const update = useUpdatePerspective(groupId, movementId);
  const remove = useDeletePerspective(groupId, movementId);
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<TPerspective | null>(null);
  const [deleting, setDeleting] = useState<TPerspective | null>(null);
  if (movement.data === null) {
    return <NotFoundState title="Movement not found" message="This movement does not exist any more." backTo={paths.adminMovescoreGroup({ groupId })} backLabel="Back to the group" />;
  }
  const name = movement.data?.name ?? 'Movement';
  const viewLabel = (view: string) => VIEW_OPTIONS.find((option) => option.value === view)?.label ?? view;
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
                {plural(data.perspectiveCount, 'perspective')}
              </p>
              <NamedForm
                key={`${data.name}\u0000${data.description}`}
                what="movement"
                initial={data}
                submitLabel="Save movement"
                isBusy={save.isPending}
                onSubmit={(values) => save.mutate({ movementId, update: values })}
              />
            </Card>
          ) : null
        }
      </QueryView>
      <Card title="Perspectives">
        <div>
          <Button onClick={() => setIsCreating(true)}>New perspective</Button>
        </div>
        <QueryView query={perspectives} loading="Loading perspectives…" empty="No perspectives yet.">
          {(list) => (
            <RecordList
              label="Perspectives"
              items={list}
              columns={[
                {
                  header: 'Name',
                  isMain: true,
                  cell: (perspective) =>
                    isPending(perspective.id) ? perspective.name : (
                      <Link
                        className="text-primary hover:underline"
                        to={paths.adminMovescorePerspective({ groupId, movementId, perspectiveId: perspective.id })}
                      >
                        {perspective.name}
                      </Link>
                    ),
                },
                { header: 'View', cell: (perspective) => viewLabel(perspective.view) },
                { header: 'Reference', cell: (perspective) => (hasReference(perspective) ? 'Recorded' : 'None yet') },
              ]}
              actions={(perspective) => (
                <RowActions name={perspective.name} isDisabled={isPending(perspective.id)} onEdit={() => setEditing(perspective)} onDelete={() => setDeleting(perspective)} />
              )}
            />
          )}
        </QueryView>
      </Card>
      <FormDialog isOpen={isCreating} onClose={() => setIsCreating(false)} title="New perspective">
        <PerspectiveForm
          submitLabel="Create perspective"
          onCancel={() => setIsCreating(false)}
          onSubmit={(values) => {
            create.mutate(values);
            setIsCreating(false);
          }}
        />
      </FormDialog>
      <FormDialog isOpen={editing !== null} onClose={() => setEditing(null)} title="Edit perspective">
        {editing ? (
          <PerspectiveForm
            initial={editing}
            submitLabel="Save"
            onCancel={() => setEditing(null)}
            onSubmit={(values) => {
              update.mutate({ perspectiveId: editing.id, update: values });
              setEditing(null);
            }}
          />
        ) : null}
      </FormDialog>
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete perspective?"
        message={`“${deleting?.name ?? ''}” and its reference motion will be deleted.`}
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate({ perspectiveId: deleting.id });
          setDeleting(null);
        }}
      />
    </AdminPage>
  );
}

export const hasReference = (perspective: TPerspective) => perspective.reference !== undefined || Boolean(perspective.referencePath);

/** The reference capture (record or upload, build, save); the app passes it in, loaded lazily with the pose model. */
export type TReferenceCapture = ComponentType<{ groupId: string; movementId: string; perspectiveId: string }>;

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
  const update = useUpdatePerspective(groupId, movementId);
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
                  key={`${data.name}\u0000${data.view}\u0000${data.instructions}`}
                  initial={data}
                  submitLabel="Save perspective"
                  isBusy={update.isPending}
                  onSubmit={(values) => update.mutate({ perspectiveId, update: values })}
                />
              </Card>
              <Card title="Reference motion">
                <p className="text-sm" aria-live="polite">
                  {hasReference(data) ? 'A reference motion is recorded for this perspective.' : 'No reference motion yet: analyses of this perspective cannot be scored.'}
                </p>
                {ReferenceCapture ? (
                  <ReferenceCapture groupId={groupId} movementId={movementId} perspectiveId={perspectiveId} />
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
