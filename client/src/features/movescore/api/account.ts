import { useBackend } from '@/lib/backend-context';

/** When the signed-in identity account was created (ISO text), as the identity provider tells it. */
export function useAccountCreationTime(): string | undefined {
  return useBackend().identity.currentUser()?.metadata.creationTime;
}
