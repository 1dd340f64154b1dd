import { getDownloadURL, ref, uploadBytesResumable, type FirebaseStorage } from 'firebase/storage';
import { APP_ERRORS, isMovelabError, MovelabError } from '@movelab/shared';
import { offlineFailure } from '@/lib/offline/online';
import type { TUploadProgress } from '../port';
import { sdk } from './errors';

/**
 * Firebase Storage, or null in local emulator mode: Storage has no emulator here, and the SDK
 * would otherwise reach Google's servers (and retry for minutes without a network).
 */
export type TFileStorage = FirebaseStorage | null;

const NO_STORAGE = 'File uploads need Firebase Storage, which the local emulator mode does not have';

/**
 * Without a network the Storage SDK does not fail: it retries an operation for 2 minutes and an
 * upload for 10 (spec §9). Offline, it fails at once as a network failure, so a screen keeps its
 * device copy and says it needs a connection.
 */
const storageOffline = () => offlineFailure('Firebase Storage');

/** Uploads to `path` (the SDK retries per spec §9, set on the storage instance) and answers its URL. */
export function uploadTo(storage: TFileStorage, path: string, file: Blob, onProgress?: TUploadProgress): Promise<string> {
  if (!storage) return Promise.reject(new MovelabError(APP_ERRORS.notAvailable, NO_STORAGE, 503));
  const offline = storageOffline();
  if (offline) return Promise.reject(offline);
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

/** The download URL, or '' when there is no object (storage/object-not-found) or no Storage. */
export async function urlOrEmpty(storage: TFileStorage, path: string): Promise<string> {
  if (!storage) return '';
  const offline = storageOffline();
  if (offline) throw offline;
  try {
    return await sdk(() => getDownloadURL(ref(storage, path)));
  } catch (error) {
    if (isMovelabError(error) && error.code === APP_ERRORS.storageObjectNotFound) return '';
    throw error;
  }
}
