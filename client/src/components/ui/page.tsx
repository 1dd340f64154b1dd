import type { ReactNode } from 'react';

export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{children}</h1>;
}

export function Section({
  title,
  children,
  action,
  className,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <section className={className ? `flex flex-col gap-3 ${className}` : 'flex flex-col gap-3'} aria-label={title}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A screen that exists in the navigation but whose content comes in a later release. */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  return (
    <div className="flex flex-col gap-4">
      <PageTitle>{title}</PageTitle>
      <div className="rounded-xl bg-surface p-6">
        <p className="text-muted">{description}</p>
      </div>
    </div>
  );
}
