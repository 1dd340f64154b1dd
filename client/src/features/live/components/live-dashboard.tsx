/** The admin live page: who is connected, the remote and group sessions, and analyses and practices as they arrive. */
import { countOf, scoreText, type TLiveAnalysis, type TLivePractice } from '@movelab/shared';
import { useEffect, useState } from 'react';
import { EmptyState } from '@/components/ui/status';
import { Section } from '@/components/ui/page';
import { useActivity } from '@/lib/api/activity';
import { useGroup, useGroupMovement } from '@/lib/api/movescore-catalogue';
import { chartPoints, useLiveFeed } from '../hooks/use-live-feed';
import { LiveGroups } from './live-groups';
import { LiveTable, type TLiveColumn } from './live-table';
import { clock, ScoresChart } from './scores-chart';

/** The group name of an analysis row (the catalogue is cached by the query client). */
function GroupName({ groupId }: { groupId: string }) {
  const group = useGroup(groupId);
  return group.data?.name ?? groupId;
}

/** The movement name of an analysis row. */
function MovementName({ groupId, movementId }: { groupId: string; movementId: string }) {
  const movement = useGroupMovement(groupId, movementId);
  return movement.data?.name ?? movementId;
}

/** The activity name of a practice row. */
function ActivityName({ activityId }: { activityId: string | null }) {
  const activity = useActivity(activityId ?? '');
  if (activityId === null) return '—';
  return activity.data?.name ?? activityId;
}

const percent = (score: number) => `${Math.round(score * 100)}%`;

const ANALYSIS_COLUMNS: readonly TLiveColumn<TLiveAnalysis>[] = [
  { header: 'Time', cell: ({ analysis }) => clock(Date.parse(analysis.createdAt)) },
  { header: 'User', cell: ({ userName }) => userName },
  { header: 'Group', cell: ({ analysis }) => <GroupName groupId={analysis.groupId} /> },
  { header: 'Movement', cell: ({ analysis }) => <MovementName groupId={analysis.groupId} movementId={analysis.movementId} /> },
  { header: 'Score', cell: ({ analysis }) => scoreText(analysis.score) },
];

const PRACTICE_COLUMNS: readonly TLiveColumn<TLivePractice>[] = [
  { header: 'Time', cell: ({ session }) => clock(Date.parse(session.createdAt)) },
  { header: 'User', cell: ({ userName }) => userName },
  { header: 'Activity', cell: ({ session }) => <ActivityName activityId={session.activityId} /> },
  { header: 'Reps', cell: ({ session }) => session.reps },
  { header: 'Duration', cell: ({ session }) => `${Math.round(session.durationMs / 1000)} s` },
  { header: 'Score', cell: ({ session }) => (session.score === null ? '—' : percent(session.score)) },
];

/** Re-renders every 30 s so the hour window slides. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

export function LiveDashboard() {
  const { users, sessions, groups, analyses, practices, isConnected } = useLiveFeed();
  const now = useNow();
  const points = chartPoints([...analyses, ...practices], now);

  return (
    <div className="flex flex-col gap-8">
      <p role="status" className="text-sm text-muted">
        {isConnected ? 'Live: updates arrive as they happen.' : 'Connecting to live updates…'}
      </p>
      <div className="grid gap-6 md:grid-cols-2">
        <Section title={`Connected users (${users.length})`}>
          {users.length === 0 ? (
            <EmptyState>Nobody is connected right now.</EmptyState>
          ) : (
            <ul className="flex flex-col gap-1" aria-label="Connected users">
              {users.map((user) => (
                <li key={user.uid} className="flex justify-between rounded-lg bg-surface px-3 py-2">
                  <span>{user.name}</span>
                  <span className="text-sm text-muted">{countOf(user.devices, 'device')}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title={`Remote sessions (${sessions.length})`}>
          {sessions.length === 0 ? (
            <EmptyState>No remote camera session is open.</EmptyState>
          ) : (
            <ul className="flex flex-col gap-1" aria-label="Remote sessions">
              {sessions.map((session) => (
                <li key={session.key} className="flex justify-between rounded-lg bg-surface px-3 py-2">
                  <span>{session.hostName}</span>
                  <span className="text-sm text-muted">
                    {countOf(session.cameras, 'camera')} · {session.state}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
      <Section title={`Group sessions (${groups.length})`}>
        <LiveGroups groups={groups} />
      </Section>
      <Section title="Scores, last hour">
        <div className="h-64 rounded-xl bg-surface p-2" aria-label="Scores over the last hour" role="img">
          <ScoresChart points={points} now={now} />
        </div>
      </Section>
      <Section title="Analyses as they arrive">
        <LiveTable
          label="Live analyses"
          columns={ANALYSIS_COLUMNS}
          rows={analyses}
          rowKey={({ analysis }) => analysis.id}
          empty="New analyses appear here as users save them."
        />
      </Section>
      <Section title="Practices as they finish">
        <LiveTable
          label="Live practices"
          columns={PRACTICE_COLUMNS}
          rows={practices}
          rowKey={({ session }) => session.id}
          empty="Finished practices appear here as users save them."
        />
      </Section>
    </div>
  );
}
