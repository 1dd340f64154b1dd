/**
 * A group session's page (/together/:groupId#<joinToken>): entering it, then the lobby, the
 * steps with the live board, and the summary; refusals in plain words, and changes (a new host,
 * a new step, the end) told to screen readers.
 */
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page';
import { InlineError, InlineLoading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/errors';
import type { TPhoneCamera } from '@/lib/pose/use-pose-feed';
import { useAppStore } from '@/stores/app-store';
import { usePlanView } from '../api/get-plan';
import { useGroupSession, type TGroupSession } from '../hooks/use-group-session';
import { usePhaseNow } from '../hooks/use-phase-now';
import { stepText } from '../lib/format';
import { groupErrorText } from '../lib/messages';
import { GroupLobby } from './group-lobby';
import { GroupStage } from './group-stage';
import { GroupSummary } from './group-summary';
import { JoinPrompt } from './join-prompt';
import { PlanSummary } from './plan-summary';
import { SaveResult } from './save-result';
import { SessionProblem } from './session-problem';

type TSessionProps = { groupId: string; joinToken: string | null; PhoneCamera?: TPhoneCamera };

/** What a screen reader hears as the session moves: the step, a rest, the end, a new host. */
function announcementOf(session: TGroupSession, phase: string | null): string {
  if (session.ended) return 'The session has ended. The summary is shown.';
  const board = session.board;
  if (!board || phase === null || phase === 'lobby') return session.announcement;
  const step = stepText(board.step, board.stepCount);
  const now = phase === 'rest' ? `${step}: rest` : phase === 'countdown' ? `${step} is about to start` : `${step} has started`;
  return session.announcement ? `${now}. ${session.announcement}` : now;
}

function Ended({ session, uid }: { session: TGroupSession; uid: string | null }) {
  const ended = session.ended!;
  const plan = usePlanView(ended.plan);
  const hasResult = ended.results.some((result) => result.uid === uid && result.steps.length > 0);
  return (
    <GroupSummary ended={ended} uid={uid} plan={plan.data}>
      {hasResult && plan.data ? (
        <SaveResult ended={ended} plan={plan.data} times={session.times} endedAt={session.endedAt} offset={session.offset} />
      ) : null}
      {hasResult && plan.isError ? (
        <InlineError message={`Your result could not be saved: ${errorText(plan.error)}`} onRetry={() => void plan.refetch()} />
      ) : null}
    </GroupSummary>
  );
}

export function TogetherSession({ groupId, joinToken, PhoneCamera }: TSessionProps) {
  const uid = useAppStore((state) => state.currentUser?.uid ?? null);
  const navigate = useNavigate();
  const session = useGroupSession(groupId, joinToken, uid);
  const { board, entry } = session;
  const plan = usePlanView(board?.plan ?? null);
  const { phase, seconds } = usePhaseNow(board, session.offset);
  const leave = async () => {
    await session.leave();
    void navigate(paths.together());
  };

  const body = () => {
    if (session.ended) return <Ended session={session} uid={uid} />;
    if (entry.kind === 'failed') return <SessionProblem error={entry.error} onRetry={session.retry} />;
    if (entry.kind === 'invited' || (entry.kind === 'joining' && !board)) {
      return <JoinPrompt onJoin={(role) => void session.join(role)} isJoining={entry.kind === 'joining'} error={session.joinError} />;
    }
    if (!board || phase === null) return <InlineLoading label={session.isConnected ? 'Opening the session…' : 'Connecting to the server…'} />;
    return (
      <>
        {plan.data ? <PlanSummary plan={plan.data} currentStep={phase === 'lobby' ? undefined : board.step} /> : null}
        {plan.isError ? <InlineError message={`The plan could not be loaded: ${errorText(plan.error)}`} onRetry={() => void plan.refetch()} /> : null}
        {phase === 'lobby' ? (
          <GroupLobby board={board} uid={uid} session={session} />
        ) : (
          <GroupStage board={board} phase={phase} seconds={seconds} plan={plan.data} uid={uid} session={session} PhoneCamera={PhoneCamera} />
        )}
        {session.actionError ? <InlineError message={groupErrorText(session.actionError)} /> : null}
        <Button variant="ghost" className="self-start" isLoading={session.pending === 'leave'} onClick={() => void leave()}>
          Leave the session
        </Button>
      </>
    );
  };

  return (
    <div className="flex flex-col gap-6" data-group-id={groupId}>
      <PageTitle>Practise together</PageTitle>
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {announcementOf(session, phase)}
      </p>
      {entry.kind === 'in' && !session.isConnected && !session.ended ? (
        <p role="status" className="rounded-lg bg-surface p-3 text-sm">
          Connection lost: reconnecting… Your seat and your count are kept.
        </p>
      ) : null}
      {body()}
    </div>
  );
}
