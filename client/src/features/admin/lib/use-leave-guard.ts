/**
 * While an admin change is still being written, closing or reloading the tab asks first: the
 * lists show a change at once, but in Firebase mode a cascading delete or a multi-document write
 * runs in this browser and would stop halfway if the page went away.
 */
import { useIsMutating } from '@tanstack/react-query';
import { useEffect } from 'react';

export function useLeaveGuard(): void {
  const writing = useIsMutating() > 0;
  useEffect(() => {
    if (!writing) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [writing]);
}
