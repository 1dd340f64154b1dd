import { useParams } from 'react-router-dom';
import { SessionCoach } from '@/features/coach';
import { PracticeScreen } from '@/features/practice';
import { RemoteSessionPanel, useLivePhoneStream } from '@/features/remote-camera';
import { ReplayPlayer } from '@/features/replay';

/**
 * The camera practice screen (its own chunk: it carries the pose model's page side), with the
 * phone camera offered as a source, the coach and the replay of the last set: the app composes the
 * practice, remote-camera, coach and replay features.
 */
export default function PracticeRoute() {
  const { mode = '', id = '' } = useParams();
  // A phone already streaming (paired on Remote Cam) is offered first.
  const hasLivePhone = useLivePhoneStream() !== null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 p-4">
      <PracticeScreen
        key={`${mode}/${id}`}
        mode={mode}
        id={id}
        PhoneCamera={RemoteSessionPanel}
        hasLivePhone={hasLivePhone}
        Coach={SessionCoach}
        Replay={ReplayPlayer}
      />
    </div>
  );
}
