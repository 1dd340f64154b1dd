/** The running group sessions ("Practise together") on the admins' live page: host, members, step and phase. */
import { countOf, type TGroupPhase, type TLiveGroup } from '@movelab/shared';
import { EmptyState } from '@/components/ui/status';

const PHASES: Record<TGroupPhase, string> = {
  lobby: 'In the lobby',
  countdown: 'Counting down',
  running: 'Practising',
  rest: 'Resting',
  ended: 'Ended',
};

/** "Routine · Step 2 of 4 · Practising". */
export function groupProgress(group: TLiveGroup): string {
  const kind = 'routineId' in group.plan ? 'Routine' : 'One movement';
  return `${kind} · Step ${group.step + 1} of ${group.stepCount} · ${PHASES[group.phase]}`;
}

function GroupRow({ group }: { group: TLiveGroup }) {
  return (
    <li className="flex flex-col gap-1 rounded-lg bg-surface px-3 py-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium">Hosted by {group.hostName}</span>
        <span className="text-sm text-muted">{groupProgress(group)}</span>
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={`Members with ${group.hostName}`}>
        {group.members.map((member, index) => (
          // Names may repeat; the order is the joining order, stable between updates.
          <li key={`${index}:${member.name}`}>
            {member.name}{' '}
            <span className="text-muted">
              ({member.role}, {member.connection})
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function LiveGroups({ groups }: { groups: readonly TLiveGroup[] }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="sr-only" aria-live="polite">
        {countOf(groups.length, 'group session')} running
      </p>
      {groups.length === 0 ? (
        <EmptyState>No group sessions right now</EmptyState>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Group sessions">
          {groups.map((group) => (
            <GroupRow key={group.key} group={group} />
          ))}
        </ul>
      )}
    </div>
  );
}
