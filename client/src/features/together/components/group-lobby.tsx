/**
 * The lobby: who hosts, who is in (practising or watching, ready or not, connected or not), a
 * "Ready" switch for those practising, and for the host the ways to invite people and Start.
 */
import type { TGroupBoard, TGroupMember } from '@movelab/shared';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { connectionText, roleText } from '../lib/format';
import type { TGroupSession } from '../hooks/use-group-session';
import { MemberName } from './member-name';
import { SharePanel } from './share-panel';

type TLobbyProps = {
  board: TGroupBoard;
  uid: string | null;
  session: Pick<TGroupSession, 'setReady' | 'start' | 'newCode' | 'code' | 'joinToken' | 'pending' | 'isHost'>;
};

function MemberItem({ member, board, uid }: { member: TGroupMember; board: TGroupBoard; uid: string | null }) {
  const facts = [roleText(member), member.role === 'practising' ? (member.ready ? 'Ready' : 'Not ready') : null, connectionText(member)];
  return (
    <li aria-label={member.name} className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-surface p-3">
      <MemberName member={member} isHost={member.uid === board.hostUid} isYou={member.uid === uid} />
      <span className="text-sm text-muted">{facts.filter(Boolean).join(' · ')}</span>
    </li>
  );
}

/** The member's own "Ready" switch. */
export function ReadySwitch({ isReady, onChange, isBusy }: { isReady: boolean; onChange: (ready: boolean) => void; isBusy: boolean }) {
  return (
    <Switch isOn={isReady} onChange={onChange} isDisabled={isBusy}>
      Ready
    </Switch>
  );
}

export function GroupLobby({ board, uid, session }: TLobbyProps) {
  const me = board.members.find((member) => member.uid === uid);
  const host = board.members.find((member) => member.uid === board.hostUid);
  const practising = board.members.filter((member) => member.role === 'practising');
  const readyCount = practising.filter((member) => member.ready).length;
  return (
    <div className="flex flex-col gap-6">
      <p>{session.isHost ? 'You host this session.' : `Hosted by ${host?.name ?? 'someone who left'}.`}</p>
      {me?.role === 'practising' ? (
        <ReadySwitch isReady={me.ready} onChange={(ready) => void session.setReady(ready)} isBusy={session.pending === 'ready'} />
      ) : me ? (
        <p className="text-muted">You watch this session: the board shows everyone’s count.</p>
      ) : null}
      <section aria-labelledby="members-title" className="flex flex-col gap-2">
        <h2 id="members-title" className="text-lg font-semibold">
          Who is in ({board.members.length})
        </h2>
        <p className="text-sm text-muted">
          {readyCount} of {practising.length} practising {practising.length === 1 ? 'is' : 'are'} ready.
        </p>
        <ul aria-label="People in this session" className="flex flex-col gap-2">
          {board.members.map((member) => (
            <MemberItem key={member.uid} member={member} board={board} uid={uid} />
          ))}
        </ul>
      </section>
      {session.isHost ? (
        <>
          <Button
            className="self-start"
            disabled={practising.length === 0}
            isLoading={session.pending === 'start'}
            onClick={() => void session.start()}
          >
            Start
          </Button>
          <SharePanel
            groupId={board.groupId}
            joinToken={session.joinToken}
            code={session.code}
            onNewCode={() => void session.newCode()}
            isRenewing={session.pending === 'new-code'}
          />
        </>
      ) : (
        <p role="status" className="text-muted">
          Waiting for the host to start.
        </p>
      )}
    </div>
  );
}
