/**
 * The analysis screen with the phone camera offered as a source: the app composes the
 * analysis, remote-camera, coach and replay features (features do not import each other). Loaded lazily
 * with the pose model, only on the analysis route.
 */
import type { TMovescoreGroup, TMovescoreMovement, TPerspective } from '@movelab/shared';
import { AnalysisFlow } from '@/features/analysis';
import { SessionCoach } from '@/features/coach';
import { RemoteSessionPanel, useLivePhoneStream } from '@/features/remote-camera';
import { ReplayPlayer } from '@/features/replay';

export default function AnalysisScreen(target: { group: TMovescoreGroup; movement: TMovescoreMovement; perspective: TPerspective }) {
  // A phone already streaming (paired on Remote Cam) is offered first.
  const hasLivePhone = useLivePhoneStream() !== null;
  return <AnalysisFlow {...target} PhoneCamera={RemoteSessionPanel} hasLivePhone={hasLivePhone} Coach={SessionCoach} Replay={ReplayPlayer} />;
}
