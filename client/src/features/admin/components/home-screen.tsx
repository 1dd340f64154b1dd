/** The administration home: exact counts, the latest analyses across users, and links to every list. */
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { nounFor, relativeTime, scoreText } from '@movelab/shared';
import { paths } from '@/config/paths';
import { useActivityCount } from '../api/activities';
import { useGroupNames } from '../api/group-names';
import { useGroupCount } from '../api/movescore';
import { useAnalysesCount, useLatestAnalyses } from '../api/overview';
import { useUserCount, useUserNames } from '../api/users';
import { AdminPage, Card } from './layout';
import { RecordList } from './record-list';
import { CountText, QueryView } from './states';

/** The live page is another part of the administration area, added beside this one. */
const LIVE_PATH = '/administration/live';

const areas = [
  { label: 'Users', to: paths.adminUsers(), description: 'Find users, their roles, history and account state.' },
  { label: 'Activities', to: paths.adminActivities(), description: 'Activities, their movements and routines.' },
  { label: 'Movescore', to: paths.adminMovescore(), description: 'Groups, movements and camera perspectives.' },
  { label: 'Live', to: LIVE_PATH, description: 'Analyses as they happen.' },
] as const;

/** A count and its noun, singular for one ("1 user"), plural otherwise ("0 users", "2 users"). */
function Stat({ noun, query, to }: { noun: [singular: string, plural: string]; query: UseQueryResult<number>; to?: string }) {
  const value = (
    <>
      <span className="text-3xl font-bold text-primary">
        <CountText query={query} />
      </span>{' '}
      <span className="text-sm text-muted">{nounFor(query.data ?? 0, ...noun)}</span>
    </>
  );
  const className = 'flex flex-col gap-1 rounded-xl bg-surface p-4';
  return (
    <li>
      {to ? (
        <Link to={to} className={`${className} hover:bg-surface-raised`}>
          {value}
        </Link>
      ) : (
        <div className={className}>{value}</div>
      )}
    </li>
  );
}

/** Said above the list: stored rows its schema refuses are not shown, but not hidden either. */
const unreadableText = (count: number) => `${count} ${count === 1 ? 'result' : 'results'} could not be read`;

function LatestAnalyses() {
  const latest = useLatestAnalyses();
  const entries = latest.data?.items ?? [];
  const userNames = useUserNames(entries.map((entry) => entry.userId));
  const groupNames = useGroupNames(entries.map((entry) => entry.groupId));
  return (
    <Card title="Latest analyses">
      <QueryView query={latest} loading="Loading analyses…" empty="No analyses yet." isEmpty={(data) => data.items.length + data.unreadable === 0}>
        {({ items, unreadable }) => (
          <>
            {unreadable > 0 ? <p className="text-sm text-muted">{unreadableText(unreadable)}</p> : null}
            {items.length === 0 ? null : (
              <RecordList
                label="Latest analyses"
                items={items.map((entry) => ({ ...entry, id: `${entry.userId}/${entry.id}` }))}
                columns={[
                  {
                    header: 'User',
                    isMain: true,
                    cell: (entry) => (
                      <Link className="text-primary hover:underline" to={paths.adminUser({ userId: entry.userId })}>
                        {userNames.get(entry.userId) ?? entry.userId}
                      </Link>
                    ),
                  },
                  { header: 'Group', cell: (entry) => groupNames.get(entry.groupId) ?? entry.groupId },
                  { header: 'Score', cell: (entry) => scoreText(entry.score) },
                  { header: 'When', cell: (entry) => relativeTime(entry.createdAt) },
                ]}
              />
            )}
          </>
        )}
      </QueryView>
    </Card>
  );
}

export function AdminHomeScreen() {
  return (
    <AdminPage title="Administration">
      <ul aria-label="Counts" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat noun={['User', 'Users']} query={useUserCount()} to={paths.adminUsers()} />
        <Stat noun={['Activity', 'Activities']} query={useActivityCount()} to={paths.adminActivities()} />
        <Stat noun={['Movescore group', 'Movescore groups']} query={useGroupCount()} to={paths.adminMovescore()} />
        <Stat noun={['Video analysis', 'Video analyses']} query={useAnalysesCount()} />
      </ul>
      <nav aria-label="Administration">
        <ul className="grid gap-3 md:grid-cols-4">
          {areas.map((area) => (
            <li key={area.label}>
              <Link to={area.to} className="flex h-full flex-col rounded-xl bg-surface p-4 hover:bg-surface-raised">
                <span className="font-semibold">{area.label}</span>
                <span className="text-sm text-muted">{area.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <LatestAnalyses />
    </AdminPage>
  );
}
