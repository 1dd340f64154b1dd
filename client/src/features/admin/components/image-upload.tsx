/**
 * Picks an image, checks its type and size before sending (the server checks again by its
 * bytes), and shows the upload's progress.
 */
import { useId, useState } from 'react';
import { LIMITS } from '@movelab/shared';
import { FilePicker } from '@/components/ui/file-picker';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { TUploadProgress } from '@/lib/backend/port';
import { errorText } from '@/lib/errors';

const MEGABYTE = 1024 * 1024;

/** Why a file cannot be uploaded, or null when it can. */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!LIMITS.imageTypes.includes(file.type)) return 'Choose a PNG, JPEG, WebP or GIF image';
  if (file.size > LIMITS.imageBytes) return `The image is larger than ${LIMITS.imageBytes / MEGABYTE} MB`;
  if (file.size === 0) return 'The image is empty';
  return null;
}

export function ImageUpload({
  label,
  currentUrl,
  upload,
}: {
  label: string;
  currentUrl: string;
  upload: (file: Blob, onProgress: TUploadProgress) => Promise<string>;
}) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shownUrl, setShownUrl] = useState(currentUrl);
  const url = shownUrl || currentUrl;

  async function onPick(file: File | undefined) {
    if (!file) return;
    const problem = imageProblem(file);
    setError(problem);
    if (problem) return;
    setProgress(0);
    try {
      setShownUrl(await upload(file, setProgress));
    } catch (failure) {
      setError(`Upload failed: ${errorText(failure)}`);
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-4">
      {url ? (
        <img src={url} alt={label} className="h-cover w-cover rounded-lg object-cover" />
      ) : (
        <div className="flex h-cover w-cover items-center justify-center rounded-lg bg-background text-xs text-muted">No image</div>
      )}
      <div className="flex min-w-48 flex-1 flex-col gap-2">
        <FilePicker
          label={label}
          buttonLabel="Choose an image"
          accept={LIMITS.imageTypes.join(',')}
          disabled={progress !== null}
          describedBy={[error ? `${id}-error` : '', `${id}-types`].filter(Boolean).join(' ')}
          onPick={(file) => void onPick(file)}
        />
        {progress !== null ? <ProgressBar label={`${label} upload`} fraction={progress} className="bg-background" /> : null}
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <p id={`${id}-types`} className="text-xs text-muted">
          PNG, JPEG, WebP or GIF, up to {LIMITS.imageBytes / MEGABYTE} MB.
        </p>
      </div>
    </div>
  );
}
