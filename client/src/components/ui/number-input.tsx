/**
 * A labelled number field (spec §5): only digit, minus, plus and dot keys get in (editing and
 * navigation keys still work), the value is clamped to [min, max] on blur or Enter, and the
 * arrow keys step by `step`. The range is shown under the field, and a typed value that was
 * clamped is said ("Height set to 272 cm, the most allowed"). A text input with role
 * spinbutton, so the browser adds no spinner or scroll-wheel changes of its own.
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
  /** Called at each commit: what a clamped value was set to, in words, or null when none was clamped. */
  onClampNote?: (note: string | null) => void;
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

type TDraftOptions = Pick<TNumberInputProps, 'value' | 'onChange' | 'min' | 'max'> & { step: number; onClamp: (note: TClamp | null) => void };

/** A typed value that was outside the range: the value kept and which end it is. */
type TClamp = { kept: number; end: 'most' | 'least' };

/** "Height set to 272 cm, the most allowed". */
export function clampNote(label: string, { kept, end }: TClamp, unit?: string): string {
  return `${label} set to ${kept}${unit ? ` ${unit}` : ''}, the ${end} allowed`;
}

/** "From 50 to 272 cm", "At least 0", "At most 10", or null without bounds. */
export function rangeText(min: number | undefined, max: number | undefined, unit?: string): string | null {
  const after = unit ? ` ${unit}` : '';
  if (min !== undefined && max !== undefined) return `From ${min} to ${max}${after}`;
  if (min !== undefined) return `At least ${min}${after}`;
  if (max !== undefined) return `At most ${max}${after}`;
  return null;
}

/** The text being typed, committed (parsed and clamped) on Enter, on blur, or stepped by the arrow keys. */
function useNumberDraft({ value, onChange, min, max, step, onClamp }: TDraftOptions) {
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
    const kept = clamp(parsed, min, max);
    onClamp(kept === parsed ? null : { kept, end: kept < parsed ? 'most' : 'least' });
    commit(kept);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return; // copy, paste, select all, ...
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      const direction = event.key === 'ArrowUp' ? 1 : -1;
      const parsed = Number(draft.trim());
      const base = draft.trim() !== '' && Number.isFinite(parsed) ? parsed : (value ?? min ?? 0);
      onClamp(null);
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

export function NumberInput(props: TNumberInputProps) {
  const { label, value, onChange, min, max, step = 1, unit, error, name, onBlur, onClampNote, className = '' } = props;
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const [note, setNote] = useState<string | null>(null);
  const onClamp = (clamped: TClamp | null) => {
    const next = clamped ? clampNote(label, clamped, unit) : null;
    setNote(next);
    onClampNote?.(next);
  };
  const { draft, setDraft, commitDraft, onKeyDown, onPaste } = useNumberDraft({ value, onChange, min, max, step, onClamp });
  const range = rangeText(min, max, unit);
  const describedBy = [range || note ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

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
          aria-describedby={describedBy || undefined}
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
      <p id={hintId} className="text-xs text-muted">
        {range}
        {/* Said when it appears: the value typed was not kept as it was. */}
        <span role="status" className="block font-medium text-on-surface">
          {note}
        </span>
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
