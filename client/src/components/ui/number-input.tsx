/**
 * A labelled number field (spec §5): only digit, minus, plus and dot keys get in (editing and
 * navigation keys still work), the value is clamped to [min, max] on blur or Enter, and the
 * arrow keys step by `step`. A text input with role spinbutton, so the browser adds no spinner
 * or scroll-wheel changes of its own.
 */
import { useId, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { FieldError } from './text-field';

const ALLOWED_CHARACTERS = /^[0-9+\-.]*$/;
const EDITING_KEYS = new Set(['Backspace', 'Delete', 'Tab', 'Enter', 'Escape', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

export type TNumberInputProps = {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  step?: number;
  /** Shown after the field, e.g. 'cm'. */
  unit?: string;
  error?: string | undefined;
  name?: string;
  onBlur?: () => void;
  className?: string;
};

export function clamp(value: number, min = -Infinity, max = Infinity): number {
  return Math.min(max, Math.max(min, value));
}

/** Steps keep the step's decimals, so 0.1 + 0.2 shows 0.3. */
function roundToStep(value: number, step: number): number {
  const decimals = (String(step).split('.')[1] ?? '').length;
  return Number(value.toFixed(decimals));
}

const format = (value: number | null) => (value === null ? '' : String(value));

type TDraftOptions = Pick<TNumberInputProps, 'value' | 'onChange' | 'min' | 'max'> & { step: number };

/** The text being typed, committed (parsed and clamped) on Enter, on blur, or stepped by the arrow keys. */
function useNumberDraft({ value, onChange, min, max, step }: TDraftOptions) {
  const [draft, setDraft] = useState(format(value));
  const [lastValue, setLastValue] = useState(value);
  // A new value from outside (form reset, arrow step) replaces the text being typed.
  if (value !== lastValue) {
    setLastValue(value);
    setDraft(format(value));
  }

  const commit = (next: number | null) => {
    setDraft(format(next));
    if (next !== value) onChange(next);
  };
  const commitDraft = () => {
    const text = draft.trim();
    if (text === '') return commit(null);
    const parsed = Number(text);
    // Half-typed input ('-', '1.2.3') goes back to the last good value.
    if (!Number.isFinite(parsed)) return commit(value);
    commit(clamp(parsed, min, max));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return; // copy, paste, select all, ...
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      const direction = event.key === 'ArrowUp' ? 1 : -1;
      const parsed = Number(draft.trim());
      const base = draft.trim() !== '' && Number.isFinite(parsed) ? parsed : (value ?? min ?? 0);
      commit(clamp(roundToStep(base + direction * step, step), min, max));
      return;
    }
    if (event.key === 'Enter') {
      commitDraft();
      return;
    }
    if (EDITING_KEYS.has(event.key) || ALLOWED_CHARACTERS.test(event.key)) return;
    event.preventDefault();
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (!ALLOWED_CHARACTERS.test(event.clipboardData.getData('text').trim())) event.preventDefault();
  };
  return { draft, setDraft, commitDraft, onKeyDown, onPaste };
}

export function NumberInput({ label, value, onChange, min, max, step = 1, unit, error, name, onBlur, className = '' }: TNumberInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const { draft, setDraft, commitDraft, onKeyDown, onPaste } = useNumberDraft({ value, onChange, min, max, step });

  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-on-surface">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          name={name}
          type="text"
          inputMode="decimal"
          role="spinbutton"
          autoComplete="off"
          aria-valuenow={value ?? undefined}
          aria-valuemin={min}
          aria-valuemax={max}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={draft}
          // Mobile keyboards send 'Unidentified' keys: filter what actually arrives too.
          onChange={(event) => {
            if (ALLOWED_CHARACTERS.test(event.target.value)) setDraft(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => {
            commitDraft();
            onBlur?.();
          }}
          className={`min-h-11 w-full rounded-lg border bg-background px-3 text-base text-on-surface focus:border-primary focus:outline-none ${error ? 'border-danger' : 'border-white/20'}`}
        />
        {unit ? <span className="text-sm text-muted">{unit}</span> : null}
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
