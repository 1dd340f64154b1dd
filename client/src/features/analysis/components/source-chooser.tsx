import { useId } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';

/** This device's camera, a phone's camera (when offered) or a video file; analysed on this device either way. */
export function SourceChooser({
  instructions,
  isDisabled,
  onCamera,
  onFile,
  onPhone,
}: {
  instructions: string;
  isDisabled: boolean;
  onCamera: () => void;
  onFile: (file: File) => void;
  onPhone?: () => void;
}) {
  const fileId = useId();
  return (
    <section aria-label="Choose a video source" className="flex flex-col gap-3 rounded-2xl bg-surface p-6">
      <h2 className="text-lg font-semibold">Choose a video source</h2>
      {instructions ? <p className="text-muted">{instructions}</p> : null}
      <p className="text-sm text-muted">The video is analysed on this device and never uploaded: only the result is saved.</p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={onCamera} disabled={isDisabled}>
          Use this device's camera
        </Button>
        {onPhone ? (
          <Button variant="secondary" onClick={onPhone} disabled={isDisabled}>
            Use my phone's camera
          </Button>
        ) : null}
        <label htmlFor={fileId} className={buttonClasses('secondary', isDisabled ? 'pointer-events-none opacity-60' : 'cursor-pointer')}>
          Upload a video
        </label>
        <input
          id={fileId}
          type="file"
          accept="video/*"
          className="sr-only"
          disabled={isDisabled}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
      </div>
    </section>
  );
}
