/** User administration: the filtered list, one user's details, roles and account state. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLES, type TUser, type TUserFilterQuery } from '@movelab/shared';
import { useSnackbar } from '@/components/ui/snackbar';
import { useBackend } from '@/lib/backend-context';
import { errorText } from '@/lib/errors';
import { loadExisting } from '@/lib/load-by-ids';
import { queryKeys } from '@/lib/query-keys';
import { adminKeys } from './keys';

/** How many analyses the user page charts. */
export const USER_ANALYSES_SHOWN = 50;

export function useUserPage(query: TUserFilterQuery) {
  const backend = useBackend();
  return useQuery({
    queryKey: adminKeys.userPage(query),
    queryFn: () => backend.users.filterUsers(query),
    placeholderData: keepPreviousData,
  });
}

export function useUserCount() {
  const backend = useBackend();
  return useQuery({ queryKey: adminKeys.userCount(), queryFn: () => backend.users.countUsers() });
}

export function useAdminUser(uid: string) {
  const backend = useBackend();
  return useQuery({ queryKey: queryKeys.users.detail(uid), queryFn: () => backend.users.getUser(uid) });
}

export function useUserAnalyses(uid: string) {
  const backend = useBackend();
  return useQuery({
    queryKey: adminKeys.userAnalyses(uid, USER_ANALYSES_SHOWN),
    queryFn: () => backend.users.loadVideoAnalyses(uid, USER_ANALYSES_SHOWN),
  });
}

/** Display names by uid, for rows that carry only the uid (deleted users are left out). */
export function useUserNames(uids: readonly string[]): Map<string, string> {
  const backend = useBackend();
  const ids = [...new Set(uids)].sort();
  const users = useQuery({
    queryKey: [...queryKeys.users.all, 'by-ids', ids],
    queryFn: () => loadExisting(ids, (uid) => backend.users.getUser(uid)),
    enabled: ids.length > 0,
  });
  return new Map((users.data ?? []).map((user) => [user.id, user.displayName]));
}

/** The user's activities and routine subscriptions with their names (deleted ones are skipped). */
export function useUserLists(user: TUser | null | undefined) {
  const backend = useBackend();
  const activityIds = user?.activities ?? [];
  const routineIds = user?.routineSubscriptions ?? [];
  const activities = useQuery({
    queryKey: queryKeys.activities.byIds(activityIds),
    queryFn: () => loadExisting(activityIds, (id) => backend.catalog.getActivity(id)),
    enabled: Boolean(user),
  });
  const routines = useQuery({
    queryKey: queryKeys.routines.byIds(routineIds),
    queryFn: () => loadExisting(routineIds, (id) => backend.catalog.getRoutine(id)),
    enabled: Boolean(user),
  });
  return { activities, routines };
}

/**
 * A change to one user record (roles, disabled), optimistic on the details page: the record
 * changes at once and goes back when the backend refuses (for example app/last-admin).
 */
function useUserChange<TVars>(uid: string, run: (vars: TVars) => Promise<TUser>, apply: (user: TUser, vars: TVars) => TUser, failure: string) {
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const key = queryKeys.users.detail(uid);
  return useMutation({
    mutationFn: run,
    onMutate: async (vars: TVars) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TUser | null>(key);
      if (previous) queryClient.setQueryData<TUser>(key, apply(previous, vars));
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      snackbar.show(`${failure}: ${errorText(error)}`);
    },
    // The change is done when the backend answers: lists (and avatars, which may be slow to
    // fetch) refresh in the background, without keeping the dialog busy.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}

export function useSetAdmin(uid: string) {
  const backend = useBackend();
  const withAdmin = (roles: string[], isAdmin: boolean) =>
    isAdmin ? [...new Set([...roles, ROLES.ADMIN])] : roles.filter((role) => role !== ROLES.ADMIN);
  return useUserChange<{ roles: string[]; isAdmin: boolean }>(
    uid,
    ({ roles, isAdmin }) => backend.users.setRoles(uid, withAdmin(roles, isAdmin)),
    (user, { isAdmin }) => ({ ...user, roles: withAdmin(user.roles, isAdmin) }),
    'Could not change the roles',
  );
}

export function useSetDisabled(uid: string) {
  const backend = useBackend();
  return useUserChange<boolean>(
    uid,
    (disabled) => backend.users.setDisabled(uid, disabled),
    (user, disabled) => ({ ...user, disabled }),
    'Could not change the account',
  );
}
