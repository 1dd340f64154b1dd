/**
 * The session once started: the current step ("Step 2 of 4"), the countdown, this member's
 * camera (practising members only, from the countdown to the end), the cameras shared with the
 * group (sharing/), the live board, and the host's controls.
 */
import type { TGroupBoard, TGroupPhase } from '@movelab/shared';
import { useState } from 'react';
import type { TPhoneCamera } from '@/lib/pose/use-pose-feed';
import { TogetherCamera } from '../camera/together-camera';
import type { TGroupSession } from '../hooks/use-group-session';
import { stepText } from '../lib/format';
import type { TPlanView } from '../lib/result';
import { GroupSharing } from '../sharing/group-sharing';
import { GroupCountdown } from './group-countdown';
import { HostControls } from './host-controls';
import { LiveBoard } from './live-board';

type TStageProps = {
  board: TGroupBoard;
  phase: TGroupPhase;
  seconds: number;
  plan: TPlanView | undefined;
  uid: string | null;
  session: Pick<TGroupSession, 'move' | 'postCount' | 'pending' | 'isHost'>;
  PhoneCamera?: TPhoneCamera;
};

const phaseText: Partial<Record<TGroupPhase, string>> = { countdown: 'Get ready', running: 'Go', rest: 'Rest' };

export function GroupStage({ board, phase, seconds, plan, uid, session, PhoneCamera }: TStageProps) {
  const isPractising = board.members.some((member) => member.uid === uid && member.role === 'practising');
  const stepName = plan?.steps[board.step]?.name;
  const [ownStream, setOwnStream] = useState<MediaStream | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-semibold">
          {stepText(board.step, board.stepCount)}
          {stepName ? `: ${stepName}` : ''}
        </h2>
        <p aria-label="Phase" className="rounded-full bg-surface px-3 py-1 text-sm font-semibold">
          {phaseText[phase] ?? ''}
        </p>
      </header>
      {phase === 'countdown' ? <GroupCountdown seconds={seconds} step={board.step} stepCount={board.stepCount} plan={plan} /> : null}
      {phase === 'rest' ? (
        <p role="status" className="rounded-xl bg-surface p-4">
          Everyone rests. {session.isHost ? 'Move on with Next step when the group is ready.' : 'The host moves everyone on.'}
        </p>
      ) : null}
      {/* Above the camera: the host reaches them without scrolling, on a phone too. */}
      {session.isHost ? <HostControls board={board} phase={phase} pending={session.pending} onMove={(to) => void session.move(to)} /> : null}
      <GroupSharing board={board} uid={uid} stream={isPractising ? ownStream : null} isPractising={isPractising} />
      <div className={isPractising ? 'grid gap-4 lg:grid-cols-2' : 'flex flex-col gap-4'}>
        {isPractising ? (
          <TogetherCamera
            plan={board.plan}
            step={board.step}
            isCounting={phase === 'running'}
            onCount={(count) => session.postCount({ ...count, status: phase === 'rest' ? 'resting' : 'active' })}
            PhoneCamera={PhoneCamera}
            onStream={setOwnStream}
          />
        ) : null}
        <LiveBoard board={board} uid={uid} />
      </div>
    </div>
  );
}
