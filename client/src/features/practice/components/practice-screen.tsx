import { APP_ERRORS } from '@movelab/shared';
import { Link } from 'react-router-dom';
import { InlineError, InlineLoading, NotFoundState } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorCode, errorText } from '@/lib/errors';
import type { TSessionCoachView } from '@/lib/pose/session-coach';
import type { TPhoneCamera } from '@/lib/pose/use-pose-feed';
import type { TReplayView } from '@/lib/replay/take-video';
import { usePractice, type TPracticeMode } from '../api/get-practice';
import { PracticeSession } from './practice-session';

const isMode = (mode: string): mode is TPracticeMode => mode === 'activity' || mode === 'routine';

/** The practice has no navigation (minimal layout): every state that is not the practice itself leads back to Discover. */
function BackToDiscover() {
  return (
    <Link to={paths.discover()} className="self-start text-sm text-secondary hover:underline">
      ← Back to Discover
    </Link>
  );
}

/** /practice/:mode/:id: loads the routine or activity, then the session. */
export function PracticeScreen({
  mode,
  id,
  PhoneCamera,
  hasLivePhone,
  Coach,
  Replay,
}: {
  mode: string;
  id: string;
  PhoneCamera?: TPhoneCamera;
  hasLivePhone?: boolean;
  Coach: TSessionCoachView;
  Replay?: TReplayView;
}) {
  const practice = usePractice(isMode(mode) ? mode : 'activity', id, isMode(mode));
  if (!isMode(mode)) {
    return (
      <NotFoundState
        title="Practice not found"
        message={`There is no practice at this address: a practice is of an activity or of a routine, not "${mode}".`}
        backTo={paths.discover()}
        backLabel="Back to Discover"
      />
    );
  }
  if (practice.isPending) return <InlineLoading label="Loading the practice…" />;
  if (practice.isError && errorCode(practice.error) === APP_ERRORS.notFound) {
    // A definite answer: trying again would only repeat it.
    const what = mode === 'routine' ? 'routine' : 'activity';
    return (
      <NotFoundState
        title={mode === 'routine' ? 'Routine not found' : 'Activity not found'}
        message={`This ${what} does not exist, or was removed. Find another one to practise in Discover.`}
        backTo={paths.discover()}
        backLabel="Back to Discover"
      />
    );
  }
  if (practice.isError) {
    return (
      <>
        <InlineError message={errorText(practice.error)} onRetry={() => void practice.refetch()} />
        <BackToDiscover />
      </>
    );
  }
  if (practice.data.steps.length === 0) {
    return (
      <>
        <InlineError message="This has no movements to practise yet." />
        <BackToDiscover />
      </>
    );
  }
  return <PracticeSession practice={practice.data} PhoneCamera={PhoneCamera} hasLivePhone={hasLivePhone} Coach={Coach} Replay={Replay} />;
}
