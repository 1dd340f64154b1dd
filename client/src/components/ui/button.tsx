import type { ButtonHTMLAttributes } from 'react';
import { buttonClasses, type TVariant } from './button-classes';

export { buttonClasses };

export function Button({
  variant = 'primary',
  isLoading = false,
  className = '',
  children,
  disabled,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: TVariant; isLoading?: boolean }) {
  return (
    <button type={type} className={buttonClasses(variant, className)} disabled={disabled || isLoading} aria-busy={isLoading || undefined} {...props}>
      {isLoading ? <Spinner size={16} /> : null}
      {children}
    </button>
  );
}

export function Spinner({ size = 32, label }: { size?: number; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-3">
      <span
        className="inline-block animate-spin rounded-full border-2 border-current border-t-transparent text-primary"
        style={{ width: size, height: size }}
        aria-hidden="true"
      />
      {label ? <span className="text-muted">{label}</span> : null}
    </span>
  );
}
