import { useId, type InputHTMLAttributes } from 'react';

/** A labelled input with its error below it, announced to screen readers. */
export function TextField({
  label,
  error,
  className = '',
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-on-surface">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`min-h-11 rounded-lg border bg-background px-3 text-base text-on-surface placeholder:text-muted focus:border-primary focus:outline-none ${error ? 'border-danger' : 'border-white/20'}`}
        {...props}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's error line; the field points at it with aria-describedby. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="text-sm text-danger">
      {error}
    </p>
  );
}
