import type { TUser } from '@movelab/shared';

/**
 * How the admin screens name a user: by display name, or, for a record the app could not read
 * whole, as such with its id, so it is found, opened and disabled like any other.
 */
export const userTitle = (user: TUser): string => (user.unreadableFields ? `Unreadable record ${user.id}` : user.displayName);
