import { openCamera } from '@/lib/pose/camera';
import { errorText } from '@/lib/errors';
import type { TVideoSource } from '@/lib/pose/use-pose-feed';

/**
 * Opens a source on this device: a file at once (synchronously, within the user's gesture), the
 * camera once it grants access. A failure, a refused camera above all, is reported as text.
 */
export async function openLocalSource(
  kind: 'camera' | 'file',
  file: File | undefined,
  { onOpen, onError }: { onOpen: (source: TVideoSource) => void; onError: (message: string) => void },
): Promise<void> {
  try {
    if (kind === 'file') {
      onOpen({ kind, file: file! });
      return;
    }
    onOpen({ kind, stream: await openCamera() });
  } catch (failure) {
    onError(errorText(failure));
  }
}
