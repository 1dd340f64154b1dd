/** Activity catalogue administration: the activity list, an activity with its movements, a movement. */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { TActivity, TMovement } from '@movelab/shared';
import { buttonClasses, Button } from '@/components/ui/button';
import { NotFoundState } from '@/components/ui/status';
import { paths } from '@/config/paths';
import {
  useActivity,
  useActivityCount,
  useActivityMovements,
  useActivityRoutines,
  useAdminActivities,
  useCategories,
  useCreateActivity,
  useCreateMovement,
  useDeleteActivity,
  useDeleteMovement,
  useMovement,
  useUpdateActivity,
  useUpdateMovement,
  useUploadActivityImage,
} from '../api/activities';
import { isPending } from '../lib/optimistic';
import { ActivityForm, MovementForm } from './activity-forms';
import { ConfirmDialog, FormDialog } from './dialogs';
import { ImageUpload } from './image-upload';
import { AdminPage, Card, SearchBox } from './layout';
import { RowActions } from './movescore-screens';
import { RecordList } from './record-list';
import { CountText, QueryView } from './states';

const activitiesCrumb = { label: 'Activities', to: paths.adminActivities() };
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Says what goes with an activity (its movements and routines) before deleting it. */
function DeleteActivityDialog({ activity, prefix, onClose }: { activity: TActivity | null; prefix: string; onClose: () => void }) {
  const remove = useDeleteActivity(prefix);
  const movements = useActivityMovements(activity?.id ?? '');
  const routines = useActivityRoutines(activity?.id ?? '');
  const childCount = (movements.data?.length ?? 0) + (routines.data?.length ?? 0);
  const isCounting = movements.isPending || routines.isPending;
  const hasChildren = childCount > 0;
  return (
    <ConfirmDialog
      isOpen={activity !== null}
      title="Delete activity?"
      message={
        isCounting
          ? 'Counting what belongs to this activity…'
          : hasChildren
            ? `“${activity?.name}” has ${plural(movements.data?.length ?? 0, 'movement')} and ${plural(routines.data?.length ?? 0, 'routine')}. Deleting the activity deletes them too, or cancel to keep everything.`
            : `“${activity?.name}” and its image will be deleted.`
      }
      confirmLabel={hasChildren ? 'Delete all' : 'Delete'}
      isBusy={isCounting}
      onClose={onClose}
      onConfirm={() => {
        if (activity) remove.mutate({ activityId: activity.id, children: hasChildren ? 'cascade' : 'block' });
        onClose();
      }}
    />
  );
}

export function ActivitiesScreen() {
  const [params, setParams] = useSearchParams();
  const prefix = params.get('q') ?? '';
  const activities = useAdminActivities(prefix);
  const count = useActivityCount();
  const categories = useCategories();
  const create = useCreateActivity(prefix);
  const update = useUpdateActivity(prefix);
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<TActivity | null>(null);
  const [deleting, setDeleting] = useState<TActivity | null>(null);
  const categoryName = (id: string) => categories.data?.find((category) => category.id === id)?.name ?? '—';
  return (
    <AdminPage title="Activities" crumbs={[activitiesCrumb]} action={<Button onClick={() => setIsCreating(true)}>New activity</Button>}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SearchBox label="Search activities by name" value={prefix} onChange={(q) => setParams(q ? { q } : {}, { replace: true })} />
        <p className="text-sm text-muted" aria-live="polite">
          <CountText query={count} /> activities in all
        </p>
      </div>
      <QueryView query={activities} loading="Loading activities…" empty={prefix ? `No activity name starts with “${prefix}”.` : 'No activities yet.'}>
        {(list) => (
          <RecordList
            label="Activities"
            items={list}
            columns={[
              {
                header: 'Name',
                isMain: true,
                cell: (activity) =>
                  isPending(activity.id) ? activity.name : (
                    <Link className="text-primary hover:underline" to={paths.adminActivity({ activityId: activity.id })}>
                      {activity.name}
                    </Link>
                  ),
              },
              { header: 'Category', cell: (activity) => categoryName(activity.categoryId) },
              { header: 'Difficulty', cell: (activity) => activity.difficulty },
              { header: 'Duration', cell: (activity) => `${activity.durationMinutes} min` },
            ]}
            actions={(activity) => (
              <RowActions name={activity.name} isDisabled={isPending(activity.id)} onEdit={() => setEditing(activity)} onDelete={() => setDeleting(activity)} />
            )}
          />
        )}
      </QueryView>
      <FormDialog isOpen={isCreating || editing !== null} onClose={() => (setIsCreating(false), setEditing(null))} title={editing ? 'Edit activity' : 'New activity'}>
        <QueryView query={categories} loading="Loading categories…">
          {(list) => (
            <ActivityForm
              key={editing?.id ?? 'new'}
              categories={list}
              {...(editing ? { initial: editing } : {})}
              submitLabel={editing ? 'Save' : 'Create activity'}
              onCancel={() => (setIsCreating(false), setEditing(null))}
              onSubmit={(values) => {
                if (editing) update.mutate({ activityId: editing.id, update: values });
                else create.mutate({ ...values, imageUrl: '' });
                setIsCreating(false);
                setEditing(null);
              }}
            />
          )}
        </QueryView>
      </FormDialog>
      <DeleteActivityDialog activity={deleting} prefix={prefix} onClose={() => setDeleting(null)} />
    </AdminPage>
  );
}

function ActivityDetails({ activity }: { activity: TActivity }) {
  const categories = useCategories();
  const update = useUpdateActivity('');
  const upload = useUploadActivityImage(activity.id);
  return (
    <Card title="Activity">
      <ImageUpload label="Activity image" currentUrl={activity.imageUrl} upload={upload} />
      <QueryView query={categories} loading="Loading categories…">
        {(list) => (
          <ActivityForm
            key={JSON.stringify(activity)}
            categories={list}
            initial={activity}
            submitLabel="Save activity"
            isBusy={update.isPending}
            onSubmit={(values) => update.mutate({ activityId: activity.id, update: values })}
          />
        )}
      </QueryView>
    </Card>
  );
}

export function ActivityScreen({ activityId }: { activityId: string }) {
  const activity = useActivity(activityId);
  const movements = useActivityMovements(activityId);
  const create = useCreateMovement(activityId);
  const update = useUpdateMovement(activityId);
  const remove = useDeleteMovement(activityId);
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<TMovement | null>(null);
  const [deleting, setDeleting] = useState<TMovement | null>(null);
  if (activity.data === null) {
    return <NotFoundState title="Activity not found" message="This activity does not exist any more." backTo={paths.adminActivities()} backLabel="All activities" />;
  }
  const name = activity.data?.name ?? 'Activity';
  return (
    <AdminPage
      title={name}
      crumbs={[activitiesCrumb, { label: name, to: paths.adminActivity({ activityId }) }]}
      action={
        <Link to={paths.adminRoutines({ activityId })} className={buttonClasses('secondary')}>
          Routines
        </Link>
      }
    >
      <QueryView query={activity} loading="Loading the activity…">
        {(data) => (data ? <ActivityDetails activity={data} /> : null)}
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
                      <Link className="text-primary hover:underline" to={paths.adminMovement({ activityId, movementId: movement.id })}>
                        {movement.name}
                      </Link>
                    ),
                },
                { header: 'Unit', cell: (movement) => movement.unit },
                { header: 'Movescore', cell: (movement) => (movement.movescore ? 'Linked' : '—') },
              ]}
              actions={(movement) => (
                <RowActions name={movement.name} isDisabled={isPending(movement.id)} onEdit={() => setEditing(movement)} onDelete={() => setDeleting(movement)} />
              )}
            />
          )}
        </QueryView>
      </Card>
      <FormDialog isOpen={isCreating || editing !== null} onClose={() => (setIsCreating(false), setEditing(null))} title={editing ? 'Edit movement' : 'New movement'}>
        <MovementForm
          key={editing?.id ?? 'new'}
          activityId={activityId}
          isFull={false}
          {...(editing ? { initial: editing } : {})}
          submitLabel={editing ? 'Save' : 'Create movement'}
          onCancel={() => (setIsCreating(false), setEditing(null))}
          onSubmit={(values) => {
            if (editing) update.mutate({ movementId: editing.id, update: { name: values.name, unit: values.unit, description: values.description } });
            else create.mutate(values);
            setIsCreating(false);
            setEditing(null);
          }}
        />
      </FormDialog>
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete movement?"
        message={`“${deleting?.name ?? ''}” will be deleted. Routine steps that use it stop showing it.`}
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate({ movementId: deleting.id });
          setDeleting(null);
        }}
      />
    </AdminPage>
  );
}

export function MovementScreen({ activityId, movementId }: { activityId: string; movementId: string }) {
  const activity = useActivity(activityId);
  const movement = useMovement(movementId);
  const update = useUpdateMovement(activityId);
  if (movement.data === null) {
    return <NotFoundState title="Movement not found" message="This movement does not exist any more." backTo={paths.adminActivity({ activityId })} backLabel="Back to the activity" />;
  }
  const name = movement.data?.name ?? 'Movement';
  return (
    <AdminPage
      title={name}
      crumbs={[
        activitiesCrumb,
        { label: activity.data?.name ?? 'Activity', to: paths.adminActivity({ activityId }) },
        { label: name, to: paths.adminMovement({ activityId, movementId }) },
      ]}
    >
      <QueryView query={movement} loading="Loading the movement…">
        {(data) =>
          data ? (
            <Card title="Movement">
              <MovementForm
                key={JSON.stringify(data)}
                activityId={activityId}
                initial={data}
                submitLabel="Save movement"
                isBusy={update.isPending}
                onSubmit={(values) => update.mutate({ movementId, update: values })}
              />
            </Card>
          ) : null
        }
      </QueryView>
    </AdminPage>
  );
}
