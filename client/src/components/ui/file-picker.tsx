/**
 * A labelled file picker in the app's style instead of the browser's bare "Choose File": the
 * field's label, a button-styled label for the hidden input (the input keeps the focus, the
 * keyboard and the screen reader's name; its focus ring shows on the button), and the name of
 * the file chosen, or "No file chosen".
 */
import { useId, useState, type ChangeEvent } from 'react';
import { buttonClasses } from './button-classes';

export type TFilePickerProps = {
  /** The field's name, e.g. "Cover image". */
  label: string;
  /** The button's words, e.g. "Choose an image". */
  buttonLabel: string;
  accept?: string;
  disabled?: boolean;
  /** Ids of more descriptions (the error, the allowed types). */
  describedBy?: string | undefined;
  onPick: (file: File | undefined) => void;
};

export function FilePicker({ label, buttonLabel, accept, disabled = false, describedBy, onPick }: TFilePickerProps) {
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setChosen(file?.name ?? null);
    // The same file again is a new choice.
    event.target.value = '';
    onPick(file);
  };
  return (
    <div className="flex flex-col gap-2">
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      <div className="flex min-w-0 flex-wrap items-center gap-3">
        <input
          id={id}
          type="file"
          accept={accept}
          disabled={disabled}
          aria-labelledby={`${id}-label`}
          aria-describedby={[`${id}-chosen`, describedBy].filter(Boolean).join(' ')}
          onChange={onChange}
          className="peer sr-only"
        />
        <label
          htmlFor={id}
          className={buttonClasses(
            'secondary',
            `peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary ${disabled ? 'pointer-events-none opacity-60' : 'cursor-pointer'}`,
          )}
        >
          {buttonLabel}
        </label>
        <span id={`${id}-chosen`} className="min-w-0 truncate text-sm text-muted" data-testid="file-picker-chosen">
          {chosen ?? 'No file chosen'}
        </span>
      </div>
    </div>
  );
}
