import { getDownloadURL, ref, uploadBytesResumable, type FirebaseStorage } from 'firebase/storage';
import { APP_ERRORS, isMovelabError } from '@movelab/shared';
import type { TUploadProgress } from '../port';
import { sdk } from './errors';

/** Uploads to `path` (the SDK retries per spec §9, set on the storage instance) and answers its URL. */
export function uploadTo(storage: FirebaseStorage, path: string, file: Blob, onProgress?: TUploadProgress): Promise<string> {
  return sdk(async () => {
    const target = ref(storage, path);
    onProgress?.(0);
    const task = uploadBytesResumable(target, file, { contentType: file.type });
    task.on('state_changed', (snap) => {
      if (snap.totalBytes > 0) onProgress?.(snap.bytesTransferred / snap.totalBytes);
    });
    await task;
    onProgress?.(1);
    return getDownloadURL(target);
  });
}

/** The download URL, or '' when there is no object (storage/object-not-found). */
export async function urlOrEmpty(storage: FirebaseStorage, path: string): Promise<string> {
  try {
    return await sdk(() => getDownloadURL(ref(storage, path)));
  } catch (error) {
    if (isMovelabError(error) && error.code === APP_ERRORS.storageObjectNotFound) return '';
    throw error;
  }
}
