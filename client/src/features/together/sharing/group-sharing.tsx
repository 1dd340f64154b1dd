/**
 * Camera tiles on the group's screen: the member's own "Share my camera" switch (members
 * practising only) and the cameras the others share. Mounted with the stage: leaving it stops
 * sharing and closes every peer.
 */
import type { TGroupBoard } from '@movelab/shared';
import { CameraTiles } from './camera-tiles';
import { ShareSwitch } from './share-switch';
import { useCameraSharing } from './use-camera-sharing';

type TGroupSharingProps = { board: TGroupBoard; uid: string | null; stream: MediaStream | null; isPractising: boolean };

export function GroupSharing({ board, uid, stream, isPractising }: TGroupSharingProps) {
  const sharing = useCameraSharing({ board, uid, stream });
  return (
    <div className="flex flex-col gap-3">
      {isPractising ? <ShareSwitch isOn={sharing.isOn} isLive={sharing.isLive} error={sharing.error} onChange={sharing.setSharing} /> : null}
      <CameraTiles sharers={sharing.sharers} tiles={sharing.tiles} />
    </div>
  );
}
