import { mdiCamera } from '@mdi/js';
import { LIMITS } from '@movelab/shared';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { buttonClasses } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { ProgressBar } from '@/components/ui/progress-bar';
import { useSnackbar } from '@/components/ui/snackbar';
import { errorText } from '@/lib/errors';
import { avatarFileProblem, useAvatarUrl, useUploadAvatar } from '../api/avatar';

/** The avatar with a picker: checks the file, previews it, uploads it with a progress bar. */
export function AvatarSection({ uid, displayName }: { uid: string; displayName: string }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const avatar = useAvatarUrl(uid);
  const upload = useUploadAvatar(uid);
  const snackbar = useSnackbar();
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  // The preview is a blob: URL; free it once it is replaced or the page closes.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    const fileProblem = avatarFileProblem(file);
    setProblem(fileProblem);
    if (fileProblem) return;
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => {
          setPreview(null);
          snackbar.show('Avatar saved');
        },
        onError: (error) => {
          console.error(error);
          setPreview(null);
          setProblem(`The avatar could not be saved: ${errorText(error)}`);
        },
      },
    );
  };

  const url = preview ?? avatar.data ?? '';
  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar url={url} name={displayName} size={96} />
      <div className="flex min-w-48 flex-1 flex-col gap-2">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={LIMITS.imageTypes.join(',')}
          className="sr-only"
          onChange={onFile}
          disabled={upload.isPending}
        />
        <label htmlFor={inputId} className={buttonClasses('secondary', `self-start cursor-pointer ${upload.isPending ? 'pointer-events-none opacity-60' : ''}`)}>
          <Icon path={mdiCamera} size={18} />
          Change avatar
        </label>
        <p className="text-xs text-muted">PNG, JPEG, WebP or GIF, up to {Math.round(LIMITS.imageBytes / (1024 * 1024))} MB.</p>
        {upload.isPending ? <ProgressBar label="Avatar upload" fraction={progress} className="w-full max-w-64 bg-white/10" /> : null}
        {problem ? (
          <p role="alert" className="text-sm text-danger">
            {problem}
          </p>
        ) : null}
      </div>
    </div>
  );
}
