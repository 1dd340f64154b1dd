/**
 * Changes to the signed-in user's lists (activities, routine subscriptions). The app store's
 * connected user is what the screens read (home lists "My activities" from it), so every
 * change goes there and into the users/{uid} query cache together.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TUser } from '@movelab/shared';
import { useSnackbar } from '@/components/ui/snackbar';
import { useBackend } from '@/lib/backend-context';
import { errorText } from '@/lib/errors';
import { queryKeys } from '@/lib/query-keys';
import { useAppStore, type TCurrentUser } from '@/stores/app-store';

function storeUser(queryClient: QueryClient, user: TCurrentUser): void {
  useAppStore.getState().setCurrentUser(user);
  const { uid, ...record } = user;
  queryClient.setQueryData<TUser>(queryKeys.users.detail(uid), record);
}

function requireUser(): TCurrentUser {
  const user = useAppStore.getState().currentUser;
  if (!user) throw new Error('Sign in first');
  return user;
}

export type TActivityChange = { activityId: string; isAdded: boolean };

/** The user's activity ids after adding or removing one (a set: no duplicates). */
export function changedActivities(ids: readonly string[], { activityId, isAdded }: TActivityChange): string[] {
  const others = ids.filter((id) => id !== activityId);
  return isAdded ? [...others, activityId] : others;
}

/**
 * Add to / remove from "my activities", optimistically: the screen changes at once and goes
 * back to the previous list, with a message, when the backend refuses.
 */
export function useChangeMyActivity() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  return useMutation({
    mutationFn: async (change: TActivityChange) => {
      const { uid } = requireUser();
      return change.isAdded
        ? backend.users.addActivity(uid, change.activityId)
        : backend.users.removeActivity(uid, change.activityId);
    },
    onMutate: (change) => {
      const previous = requireUser();
      storeUser(queryClient, {
        ...previous,
        activities: changedActivities(previous.activities, change),
      });
      return { previous };
    },
    onError: (error, change, context) => {
      if (context) storeUser(queryClient, context.previous);
      snackbar.show(`${change.isAdded ? 'Could not add the activity' : 'Could not remove the activity'}: ${errorText(error)}`);
    },
    onSuccess: (user) => storeUser(queryClient, { ...user, uid: requireUser().uid }),
  });
}

/** Subscribe to a routine; the subscribed state shows once the backend has it. */
export function useSubscribeRoutine() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  return useMutation({
    mutationFn: (routineId: string) => backend.users.addRoutineSubscription(requireUser().uid, routineId),
    onError: (error) => snackbar.show(`Could not subscribe: ${errorText(error)}`),
    onSuccess: (user) => storeUser(queryClient, { ...user, uid: requireUser().uid }),
  });
}
