import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Section } from '@/components/ui/page';
import { InlineError, InlineLoading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/errors';
import { useUserActivities } from '../api/get-user-activities';
import { useUserRoutines } from '../api/get-user-routines';
import { countOf, DIFFICULTY_LABELS } from '@movelab/shared';

type TItem = { id: string; name: string; to: string; detail: string };

/** A list the user built up (activities, routines), shown only when it is not empty. */
function SubscriptionSection({ title, query, isEmpty }: { title: string; query: UseQueryResult<TItem[]>; isEmpty: boolean }) {
  if (isEmpty) return null;
  const noun = title.toLowerCase().replace(/^my /, 'your ');
  return (
    <Section title={title}>
      {query.isPending ? <InlineLoading label={`Loading ${noun}…`} /> : null}
      {query.isError ? (
        <InlineError
          message={`${noun[0]?.toUpperCase()}${noun.slice(1)} could not be loaded: ${errorText(query.error)}`}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {query.data ? (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {query.data.map((item) => (
            <li key={item.id}>
              <Link to={item.to} className="flex flex-col rounded-xl bg-surface p-4 transition-colors hover:bg-surface-raised">
                <span className="font-semibold">{item.name}</span>
                <span className="text-sm text-muted">{item.detail}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}

export function MyActivities({ ids }: { ids: readonly string[] }) {
  const query = useUserActivities(ids, (activities) =>
    activities.map((activity) => ({
      id: activity.id,
      name: activity.name,
      to: paths.discoverActivity({ id: activity.id }),
      detail: `${DIFFICULTY_LABELS[activity.difficulty]} · ${activity.durationMinutes} min`,
    })),
  );
  return <SubscriptionSection title="My activities" query={query} isEmpty={ids.length === 0} />;
}

export function MyRoutines({ ids }: { ids: readonly string[] }) {
  const query = useUserRoutines(ids, (routines) =>
    routines.map((routine) => ({
      id: routine.id,
      name: routine.name,
      to: paths.practice({ mode: 'routine', id: routine.id }),
      detail: countOf(routine.steps.length, 'step'),
    })),
  );
  return <SubscriptionSection title="My routines" query={query} isEmpty={ids.length === 0} />;
}
