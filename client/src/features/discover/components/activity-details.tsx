import { mdiAccountGroup, mdiCheck, mdiClockOutline, mdiImageOff, mdiPlay, mdiSignal } from '@mdi/js';
import type { TMovement, TRoutine, TRoutineStep } from '@movelab/shared';
import { Link } from 'react-router-dom';
import { MovementPicture } from '@/components/reference/movement-picture';
import { Button, buttonClasses } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PageTitle, Section } from '@/components/ui/page';
import { InlineError, InlineLoading, NotFoundState } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/errors';
import { useAppStore } from '@/stores/app-store';
import { useActivityDetails } from '../api/get-activity';
import { useMovementReference } from '../api/get-movement-reference';
import { useChangeMyActivity, useSubscribeRoutine } from '../api/user-lists';
import { difficultyLabel } from './activity-card';
import { ItemGrid } from './item-grid';

/** "Squat · 12 reps · rest 30 s" */
export function stepLabel(step: TRoutineStep, movementName: string): string {
  const amount = step.reps !== undefined ? `${step.reps} reps` : `${step.seconds ?? 0} s`;
  return `${movementName} · ${amount} · rest ${step.restSeconds} s`;
}

/** A movement with its picture, drawn from the reference it is practised against. */
function MovementItem({ movement }: { movement: TMovement }) {
  const reference = useMovementReference(movement);
  return (
    <li className="flex gap-4 rounded-xl bg-surface p-4" aria-label={movement.name}>
      <MovementPicture reference={reference} name={movement.name} className="size-24" />
      <div className="flex min-w-0 flex-col gap-2">
        <h3 className="font-semibold">{movement.name}</h3>
        {movement.description ? <p className="text-sm text-muted">{movement.description}</p> : null}
        {movement.instructions.length > 0 ? (
          <ol className="list-decimal pl-5 text-sm">
            {movement.instructions.map((instruction) => (
              <li key={instruction}>{instruction}</li>
            ))}
          </ol>
        ) : null}
        <Link to={paths.togetherNew({ movement: movement.id })} className={buttonClasses('ghost', 'self-start')}>
          <Icon path={mdiAccountGroup} size={18} /> Practise together
        </Link>
      </div>
    </li>
  );
}

function RoutineItem({ routine, movementNames }: { routine: TRoutine; movementNames: ReadonlyMap<string, string> }) {
  const isSubscribed = useAppStore((state) => state.currentUser?.routineSubscriptions.includes(routine.id) ?? false);
  const subscribe = useSubscribeRoutine();
  return (
    <li className="flex flex-col gap-3 rounded-xl bg-surface p-4" aria-label={routine.name}>
      <div className="flex flex-col gap-1">
        <h3 className="font-semibold">{routine.name}</h3>
        {routine.description ? <p className="text-sm text-muted">{routine.description}</p> : null}
      </div>
      <ol className="flex flex-col gap-1 text-sm">
        {routine.steps.map((step, index) => (
          <li key={`${step.movementId}-${index}`}>{stepLabel(step, movementNames.get(step.movementId) ?? 'Movement')}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        {isSubscribed ? (
          <span role="status" className="inline-flex min-h-11 items-center gap-1 text-sm text-primary">
            <Icon path={mdiCheck} size={18} /> Subscribed
          </span>
        ) : (
          <Button variant="secondary" isLoading={subscribe.isPending} onClick={() => subscribe.mutate(routine.id)}>
            Subscribe
          </Button>
        )}
        <Link to={paths.practice({ mode: 'routine', id: routine.id })} className={buttonClasses('ghost')}>
          <Icon path={mdiPlay} size={18} /> Start routine
        </Link>
        <Link to={paths.togetherNew({ routine: routine.id })} className={buttonClasses('ghost')}>
          <Icon path={mdiAccountGroup} size={18} /> Practise together
        </Link>
      </div>
    </li>
  );
}

function MyActivityButton({ activityId }: { activityId: string }) {
  const isAdded = useAppStore((state) => state.currentUser?.activities.includes(activityId) ?? false);
  const change = useChangeMyActivity();
  return (
    <Button variant={isAdded ? 'secondary' : 'primary'} onClick={() => change.mutate({ activityId, isAdded: !isAdded })}>
      {isAdded ? 'Remove from my activities' : 'Add to my activities'}
    </Button>
  );
}

/** Activity details (/discover/:id): description, movements, routines and the user's actions. */
export function ActivityDetails({ activityId }: { activityId: string }) {
  const details = useActivityDetails(activityId);
  if (details.isPending) return <InlineLoading label="Loading the activity…" />;
  if (details.isError) {
    return (
      <div className="flex flex-col gap-4">
        <PageTitle>Activity</PageTitle>
        <InlineError
          message={`The activity could not be loaded: ${errorText(details.error)}`}
          onRetry={() => void details.refetch()}
        />
      </div>
    );
  }
  if (!details.data) {
    return (
      <NotFoundState
        title="Activity not found"
        message="This activity does not exist or was removed."
        backTo={paths.discover()}
        backLabel="Back to Discover"
      />
    );
  }
  const { activity, movements, routines } = details.data;
  const movementNames = new Map(movements.map((movement) => [movement.id, movement.name]));
  return (
    <div className="flex flex-col gap-8">
      <Link to={paths.discover()} className="self-start text-sm text-secondary hover:underline">
        ← Discover
      </Link>
      <div className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        {activity.imageUrl ? (
          <img src={activity.imageUrl} alt="" className="aspect-video w-full rounded-xl object-cover" />
        ) : (
          <span className="flex aspect-video w-full items-center justify-center rounded-xl bg-surface text-muted">
            <Icon path={mdiImageOff} size={40} />
          </span>
        )}
        <div className="flex flex-col gap-4">
          <PageTitle>{activity.name}</PageTitle>
          <p className="flex flex-wrap gap-4 text-sm text-muted">
            <span className="inline-flex items-center gap-1">
              <Icon path={mdiSignal} size={16} /> {difficultyLabel(activity.difficulty)}
            </span>
            <span className="inline-flex items-center gap-1">
              <Icon path={mdiClockOutline} size={16} /> {activity.durationMinutes} min
            </span>
          </p>
          {activity.description ? <p>{activity.description}</p> : null}
          <div className="flex flex-wrap gap-2">
            <MyActivityButton activityId={activity.id} />
            <Link to={paths.practice({ mode: 'activity', id: activity.id })} className={buttonClasses('secondary')}>
              <Icon path={mdiPlay} size={18} /> Start practice
            </Link>
          </div>
        </div>
      </div>
      <Section title="Movements">
        <ItemGrid items={movements} empty="This activity has no movements yet.">
          {(movement) => <MovementItem key={movement.id} movement={movement} />}
        </ItemGrid>
      </Section>
      <Section title="Routines">
        <ItemGrid items={routines} empty="This activity has no routines yet.">
          {(routine) => <RoutineItem key={routine.id} routine={routine} movementNames={movementNames} />}
        </ItemGrid>
      </Section>
    </div>
  );
}
