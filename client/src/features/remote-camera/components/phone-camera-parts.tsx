/** Parts of the phone's camera page (phone-camera.tsx): the code field, the camera and quality choices, the placement advice. */
import type { TPerspectiveView } from '@movelab/shared';
import { FRAMING_TEXT, placementText, selectClasses } from '../lib/phone-view';

export function CodeField({ code, error, onChange }: { code: string; error: string; onChange: (code: string) => void }) {
  return (
    <label className="flex flex-col gap-1">
      <span>Code shown on the desktop</span>
      <input
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        className={`${selectClasses} font-mono text-2xl tracking-widest`}
      />
      {error ? <span className="text-sm text-danger">{error}</span> : null}
    </label>
  );
}

type TChoiceProps<T extends string> = { label: string; options: readonly (readonly [T, string])[]; value: T; onChange: (value: T) => void };

export function Choice<T extends string>({ label, options, value, onChange }: TChoiceProps<T>) {
  return (
    <label className="flex flex-col gap-1">
      <span>{label}</span>
      <select className={selectClasses} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}

export function PlacementAdvice({ view }: { view: TPerspectiveView | null }) {
  return (
    <section aria-labelledby="placement-title" className="flex flex-col gap-1 rounded-lg bg-surface p-3 text-sm">
      <h2 id="placement-title" className="font-semibold">
        Where to put the phone
      </h2>
      <p data-testid="placement-text">{placementText(view)}</p>
      <p className="text-muted">{FRAMING_TEXT}</p>
    </section>
  );
}
