/**
 * The live board: each member with their reps in the current step, the latest rep's score (or
 * "not judged"), active or resting, and whether they are connected. Watchers are listed apart:
 * they have no count.
 */
import type { TGroupBoard } from '@movelab/shared';
import { connectionText, scoreText, statusText } from '../lib/format';
import { BoardTable } from './board-table';
import { MemberName } from './member-name';

const COLUMNS = [{ label: 'Person' }, { label: 'Reps', isNumber: true }, { label: 'Score', isNumber: true }, { label: 'State' }];

export function LiveBoard({ board, uid }: { board: TGroupBoard; uid: string | null }) {
  const practising = board.members.filter((member) => member.role === 'practising');
  const watching = board.members.filter((member) => member.role === 'watching');
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <BoardTable label="Live board" columns={COLUMNS}>
        {practising.map((member) => (
          <tr key={member.uid} data-uid={member.uid} className={member.connection === 'connected' ? 'bg-surface' : 'bg-surface opacity-60'}>
            <th scope="row" className="rounded-l-xl p-2 font-normal">
              <MemberName member={member} isHost={member.uid === board.hostUid} isYou={member.uid === uid} size={32} />
            </th>
            <td className="p-2 text-right font-mono text-2xl tabular-nums" aria-label={`${member.name}: reps`}>
              {member.reps}
            </td>
            <td className="p-2 text-right tabular-nums" aria-label={`${member.name}: score`}>
              {scoreText(member.score)}
            </td>
            <td className="rounded-r-xl p-2">
              <span className="flex flex-col">
                <span>{statusText(member)}</span>
                <span className={member.connection === 'connected' ? 'text-xs text-muted' : 'text-xs text-danger'}>{connectionText(member)}</span>
              </span>
            </td>
          </tr>
        ))}
      </BoardTable>
      {watching.length > 0 ? (
        <p className="text-sm text-muted">
          Watching: {watching.map((member) => (member.uid === uid ? `${member.name} (you)` : member.name)).join(', ')}
        </p>
      ) : null}
    </div>
  );
}
