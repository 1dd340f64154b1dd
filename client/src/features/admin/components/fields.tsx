/** Labelled form fields with their error below, announced to screen readers (like TextField). */
import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

const control = (error?: string) =>
  `min-h-11 rounded-lg border bg-background px-3 text-base text-on-surface focus:border-primary focus:outline-none ${error ? 'border-danger' : 'border-white/20'}`;

function Field({ id, label, error, children }: { id: string; label: string; error?: string | undefined; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-on-surface">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TTextArea = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | undefined };

export const TextAreaField = forwardRef<HTMLTextAreaElement, TTextArea>(function TextAreaField({ label, error, ...props }, ref) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error}>
      <textarea
        ref={ref}
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${control(error)} py-2`}
        {...props}
      />
    </Field>
  );
});

type TSelect = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
};

export const SelectField = forwardRef<HTMLSelectElement, TSelect>(function SelectField({ label, error, options, ...props }, ref) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error}>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={control(error)}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
});
