export const ROLES = { ADMIN: 'ADMIN' } as const;
export type TRole = (typeof ROLES)[keyof typeof ROLES];

/**
 * The spec's role check (§4): true when the list is empty or undefined, or contains the role.
 * Kept for non-security checks only. Never use it to open the administration area: a new
 * account has an empty role list, so this would let every new user in.
 */
export function hasRole(roles: readonly string[] | undefined | null, role: string): boolean {
  if (!roles || roles.length === 0) return true;
  return roles.includes(role);
}

/** Whether two role lists grant the same roles (in any order). */
export function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((role) => b.includes(role));
}

/** Strict admin check: `ADMIN` must be present. This guards every admin route and operation. */
export function isAdmin(roles: readonly string[] | undefined | null): boolean {
  return Array.isArray(roles) && roles.includes(ROLES.ADMIN);
}
