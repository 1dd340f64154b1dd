import { useCallback } from 'react';
import { useBackend } from '@/lib/backend-context';

/** Stores the user's current remote-camera session id on their record (null when it ended). */
export function useSaveConversationId(): (uid: string, sessionId: string | null) => Promise<unknown> {
  const backend = useBackend();
  return useCallback((uid, sessionId) => backend.users.saveConversationId(uid, sessionId), [backend]);
}
