import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '@movelab/shared';
import { useBackend } from '@/lib/backend-context';
import type { TUploadProgress } from '@/lib/backend/port';
import { avatarQueryKey } from '@/lib/api/avatar';

export { avatarQueryKey, useAvatarUrl } from '@/lib/api/avatar';

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Why a file cannot be an avatar, checked before anything is sent; null when it can. */
export function avatarFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!LIMITS.imageTypes.includes(file.type)) return 'Choose a PNG, JPEG, WebP or GIF image';
  if (file.size > LIMITS.imageBytes) return `The image is larger than ${megabytes(LIMITS.imageBytes)}`;
  return null;
}

export function useUploadAvatar(uid: string) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: TUploadProgress }) =>
      backend.users.uploadAvatar(uid, file, onProgress),
    onSuccess: (url) => queryClient.setQueryData(avatarQueryKey(uid), url),
  });
}
