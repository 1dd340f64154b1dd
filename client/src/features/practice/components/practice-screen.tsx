import { InlineError, InlineLoading } from '@/components/ui/status';
import { errorText } from '@/lib/errors';
import type { TUseSessionCoach } from '@/lib/pose/session-coach';
import type { TPhoneCamera } from '@/lib/pose/use-pose-feed';
import type { TReplayView } from '@/lib/replay/take-video';
import { usePractice, type TPracticeMode } from '../api/get-practice';
import { PracticeSession } from './practice-session';

const isMode = (mode: string): mode is TPracticeMode => mode === 'activity' || mode === 'routine';

/** /practice/:mode/:id: loads the routine or activity, then the session. */
export function PracticeScreen({
  mode,
  id,
  PhoneCamera,
  hasLivePhone,
  useCoach,
  Replay,
}: {
  mode: string;
  id: string;
  PhoneCamera?: TPhoneCamera;
  hasLivePhone?: boolean;
  useCoach: TUseSessionCoach;
  Replay?: TReplayView;
}) {
  const practice = usePractice(isMode(mode) ? mode : 'activity', id);
  if (!isMode(mode)) return <InlineError message={`Unknown practice mode "${mode}": use activity or routine`} />;
  if (practice.isPending) return <InlineLoading label="Loading the practice…" />;
  if (practice.isError) return <InlineError message={errorText(practice.error)} onRetry={() => void practice.refetch()} />;
  if (practice.data.steps.length === 0) return <InlineError message="This has no movements to practise yet." />;
  return <PracticeSession practice={practice.data} PhoneCamera={PhoneCamera} hasLivePhone={hasLivePhone} useCoach={useCoach} Replay={Replay} />;
}
