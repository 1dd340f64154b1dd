/**
 * A group session's link: `/together/<groupId>#<joinToken>`. The token rides in the fragment,
 * which browsers never send to a server, so it stays out of request lines and access logs.
 */
import { paths } from '@/config/paths';

export function buildGroupLink(origin: string, groupId: string, joinToken: string): string {
  return `${origin}${paths.togetherSession({ groupId })}#${encodeURIComponent(joinToken)}`;
}

/** The token in a link's fragment, or null when there is none or it is damaged. */
export function tokenFromHash(hash: string): string | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (raw.length < 16) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}
