/** The button look, apart from the component, for links styled as buttons and pages without React (client/src/phone-main.ts). */
export type TVariant = 'primary' | 'secondary' | 'ghost';

const variants: Record<TVariant, string> = {
  primary: 'bg-primary text-background hover:bg-primary/85 font-semibold',
  secondary: 'border border-secondary text-secondary hover:bg-secondary/10',
  ghost: 'text-on-surface hover:bg-white/10',
};

export function buttonClasses(variant: TVariant = 'primary', extra = ''): string {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${extra}`;
}
