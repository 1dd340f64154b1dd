/**
 * While an admin change is still being written, closing or reloading the tab asks first: the
 * lists show a change at once, but in Firebase mode a cascading delete or a multi-document write
 * runs in this browser and would stop halfway if the page went away.
 *
 * The listener stays for as long as the admin screens do and counts the writes under way when the
 * tab is leaving. A listener added once a render had seen the write (an effect on useIsMutating)
 * came a moment after the list had already dropped the deleted row: a reload in that moment left
 * without asking, and the delete, not sent yet, was lost (a browser test reloading as soon as the
 * row went saw the group again).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

export function useLeaveGuard(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (queryClient.isMutating() > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [queryClient]);
}
