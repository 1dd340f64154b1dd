import type { ButtonHTMLAttributes } from 'react';

type TVariant = 'primary' | 'secondary' | 'ghost';

const variants: Record<TVariant, string> = {
  primary: 'bg-primary text-background hover:bg-primary/85 font-semibold',
  secondary: 'border border-secondary text-secondary hover:bg-secondary/10',
  ghost: 'text-on-surface hover:bg-white/10',
};

export function buttonClasses(variant: TVariant = 'primary', extra = ''): string {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${extra}`;
}

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
