/** Activity catalogue administration: the activity list, an activity with its movements, a movement. */
import { Link } from 'react-router-dom';
import { countOf, DIFFICULTY_LABELS, type TActivity, type TMovement } from '@movelab/shared';
import { buttonClasses, Button } from '@/components/ui/button';
import { NotFoundState } from '@/components/ui/status';
import { paths } from '@/config/paths';
import {
  useActivity,
  useActivityCount,
  useActivityMovements,
  useActivityRoutines,
  useAdminActivities,
  useActivityMutations,
  useCategories,
  useMovement,
  useMovementMutations,
  useUploadActivityImage,
} from '../api/activities';
import { ActivityForm, MovementForm, type TActivityFields } from './activity-forms';
import { ChildrenCard, CrudList, LevelDialogs, nameColumn, SearchRow, useCrudDialogs, useSearchPrefix } from './crud';
import { ConfirmDialog } from '@/components/ui/dialogs';
import { ImageUpload } from './image-upload';
import { AdminPage, Card } from './layout';
import { QueryView } from './states';

const activitiesCrumb = { label: 'Activities', to: paths.adminActivities() };

/** Says what goes with an activity (its movements and routines) before deleting it. */
function DeleteActivityDialog({ activity, prefix, onClose }: { activity: TActivity | null; prefix: string; onClose: () => void }) {
  const { remove } = useActivityMutations(prefix);
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
            ? `“${activity?.name}” has ${countOf(movements.data?.length ?? 0, 'movement')} and ${countOf(routines.data?.length ?? 0, 'routine')}. Deleting the activity deletes them too, or cancel to keep everything.`
            : `“${activity?.name}” and its image will be deleted.`
      }
      confirmLabel={hasChildren ? 'Delete all' : 'Delete'}
      isBusy={isCounting}
      onClose={onClose}
      onConfirm={() => {
        if (activity) remove.mutate({ id: activity.id, children: hasChildren ? 'cascade' : 'block' });
        onClose();
      }}
    />
  );
}

export function ActivitiesScreen() {
  const [prefix, setPrefix] = useSearchPrefix();
  const activities = useAdminActivities(prefix);
  const count = useActivityCount();
  const categories = useCategories();
  const mutations = useActivityMutations(prefix);
  const crud = useCrudDialogs<TActivity>();
  const categoryName = (id: string) => categories.data?.find((category) => category.id === id)?.name ?? '—';
  return (
    <AdminPage title="Activities" crumbs={[activitiesCrumb]} action={<Button onClick={crud.create}>New activity</Button>}>
      <SearchRow label="Search activities by name" prefix={prefix} onChange={setPrefix} count={count} what="activities" />
      <CrudList
        crud={crud}
        query={activities}
        label="Activities"
        loading="Loading activities…"
        empty={prefix ? `No activity name starts with “${prefix}”.` : 'No activities yet.'}
        columns={[
          nameColumn((activity) => paths.adminActivity({ activityId: activity.id })),
          { header: 'Category', cell: (activity) => categoryName(activity.categoryId) },
          { header: 'Difficulty', cell: (activity) => DIFFICULTY_LABELS[activity.difficulty] },
          { header: 'Duration', cell: (activity) => `${activity.durationMinutes} min` },
        ]}
      />
      <LevelDialogs
        crud={crud}
        mutations={mutations}
        what="activity"
        toCreate={(values: TActivityFields) => ({ ...values, imageUrl: '' })}
        form={(form) => (
          <QueryView query={categories} loading="Loading categories…">
            {(list) => <ActivityForm categories={list} {...form} />}
          </QueryView>
        )}
      />
      <DeleteActivityDialog activity={crud.deleting} prefix={prefix} onClose={crud.closeDelete} />
    </AdminPage>
  );
}

function ActivityDetails({ activity }: { activity: TActivity }) {
  const categories = useCategories();
  const { update } = useActivityMutations('');
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
            onSubmit={(values) => update.mutate({ id: activity.id, update: values })}
          />
        )}
      </QueryView>
    </Card>
  );
}

export function ActivityScreen({ activityId }: { activityId: string }) {
  const activity = useActivity(activityId);
  const movements = useActivityMovements(activityId);
  const mutations = useMovementMutations(activityId);
  const crud = useCrudDialogs<TMovement>();
  if (activity.data === null) {
    return (
      <NotFoundState
        title="Activity not found"
        message="This activity does not exist any more."
        backTo={paths.adminActivities()}
        backLabel="All activities"
      />
    );
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
      <ChildrenCard
        crud={crud}
        query={movements}
        title="Movements"
        what="movement"
        columns={[
          nameColumn((movement) => paths.adminMovement({ activityId, movementId: movement.id })),
          { header: 'Unit', cell: (movement) => movement.unit },
          { header: 'Movescore', cell: (movement) => (movement.movescore ? 'Linked' : '—') },
        ]}
      />
      <LevelDialogs
        crud={crud}
        mutations={mutations}
        what="movement"
        toUpdate={(values) => ({ name: values.name, unit: values.unit, description: values.description })}
        form={(form) => <MovementForm activityId={activityId} isFull={false} {...form} />}
        deleteMessage={(movement) => `“${movement.name}” will be deleted. Routine steps that use it stop showing it.`}
      />
    </AdminPage>
  );
}

export function MovementScreen({ activityId, movementId }: { activityId: string; movementId: string }) {
  const activity = useActivity(activityId);
  const movement = useMovement(movementId);
  const { update } = useMovementMutations(activityId);
  if (movement.data === null) {
    return (
      <NotFoundState
        title="Movement not found"
        message="This movement does not exist any more."
        backTo={paths.adminActivity({ activityId })}
        backLabel="Back to the activity"
      />
    );
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
                onSubmit={(values) => update.mutate({ id: movementId, update: values })}
              />
            </Card>
          ) : null
        }
      </QueryView>
    </AdminPage>
  );
}
