/** A member as every screen of the session shows them: picture, name, and whether they are you or the host. */
import type { TGroupMember } from '@movelab/shared';
import { Avatar } from '@/components/ui/avatar';

export function MemberName({
  member,
  isHost,
  isYou,
  size = 36,
}: {
  member: Pick<TGroupMember, 'name' | 'avatarUrl'>;
  isHost: boolean;
  isYou: boolean;
  size?: number;
}) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Avatar url={member.avatarUrl ?? ''} name={member.name} size={size} />
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium">
          {member.name}
          {isYou ? <span className="text-muted"> (you)</span> : null}
        </span>
        {isHost ? <span className="text-xs font-semibold uppercase tracking-wide text-primary">Host</span> : null}
      </span>
    </span>
  );
}
