/**
 * A stored user record as the app can show it, whatever it holds. The Firestore rules check
 * what a user writes, but a record stored before they did, or written past them (firebase-admin),
 * may still break ZUser. Skipping such a record hid the user from the admin list and search, and
 * ended its paging early; opening it failed. Read this way it is listed and opened, marked
 * unreadable, and an admin can still disable it.
 */
import { ZUser, type TUser } from './entities.js';

const ZStoredUser = ZUser.omit({ id: true, unreadableFields: true });

/** What a record without its refused fields still needs to be a TUser. */
const EMPTY_USER = { displayName: '', displayNameLowercase: '', email: '', roles: [] };

/**
 * users/{uid} as ZUser reads it, or, when ZUser refuses it, without the fields it refuses (named
 * in `unreadableFields`, an empty text or list standing in for a required one). `id` is the
 * document's id, taken as it is: it is where the record lives, whatever its length.
 */
export function readableUser(id: string, stored: Record<string, unknown>): TUser {
  const parsed = ZStoredUser.safeParse(stored);
  if (parsed.success) return { ...parsed.data, id };
  const refused = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')))];
  const kept = Object.fromEntries(Object.entries(stored).filter(([key]) => !refused.includes(key)));
  const salvaged = ZStoredUser.safeParse({ ...EMPTY_USER, ...kept });
  const fields = salvaged.success ? salvaged.data : ZStoredUser.parse(EMPTY_USER);
  return { ...fields, id, unreadableFields: refused.filter(Boolean) };
}
