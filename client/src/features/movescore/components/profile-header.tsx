import { mdiArrowLeft } from '@mdi/js';
import { Icon } from '@/components/ui/icon';
import { useAvatarUrl } from '@/lib/api/avatar';
import type { TCurrentUser } from '@/stores/app-store';
import { useAccountCreationTime } from '../api/account';

/** 'AL' for 'Ada Lovelace', 'A' for 'Ada', '?' for nothing. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => word[0]!.toUpperCase()).join('') || '?';
}

/** The year the user joined: the record's createdAt, else the identity account's creation time. */
export function memberSinceYear(createdAt: string | undefined, accountCreated: string | undefined): number | null {
  for (const value of [createdAt, accountCreated]) {
    if (!value) continue;
    const year = new Date(value).getUTCFullYear();
    if (Number.isFinite(year)) return year;
  }
  return null;
}

function Avatar({ user }: { user: TCurrentUser }) {
  // No avatar (or no storage) falls back to initials: the lookup never blocks the header.
  const avatar = useAvatarUrl(user.uid);
  if (avatar.data) {
    return <img src={avatar.data} alt="" width={72} height={72} className="size-18 rounded-full object-cover" />;
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-18 items-center justify-center rounded-full bg-primary/20 text-2xl font-bold text-primary"
    >
      {initialsOf(user.displayName)}
    </span>
  );
}

/** The profile dialog's header (spec §2): back button, avatar, name, e-mail, member since. */
export function ProfileHeader({ user, onClose }: { user: TCurrentUser; onClose: () => void }) {
  const year = memberSinceYear(user.createdAt, useAccountCreationTime());
  return (
    <div className="flex flex-col gap-4">
      <button type="button" className="self-start rounded-full p-3 hover:bg-white/10" aria-label="Back" onClick={onClose}>
        <Icon path={mdiArrowLeft} />
      </button>
      <div className="flex items-center gap-4">
        <Avatar user={user} />
        <div className="flex min-w-0 flex-col">
          <span className="truncate text-xl font-semibold">{user.displayName}</span>
          <span className="truncate text-sm text-muted">{user.email}</span>
          {year ? <span className="text-sm text-muted">Member since {year}</span> : null}
        </div>
      </div>
    </div>
  );
}
