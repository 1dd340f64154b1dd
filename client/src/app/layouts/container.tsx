import type { ReactNode } from 'react';
import type { TRouteMeta } from '@/config/paths';

/** The padded page container, unless the route asks to render edge to edge. */
export function PageContainer({ meta, children }: { meta: TRouteMeta | undefined; children: ReactNode }) {
  if (meta?.withoutContainer) return <>{children}</>;
  return <div className="mx-auto w-full max-w-6xl px-4 py-6 md:px-8 md:py-8">{children}</div>;
}

export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-lg bg-primary px-4 py-2 font-semibold text-background focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      Skip to content
    </a>
  );
}

export type TLayoutProps = { meta: TRouteMeta | undefined; children: ReactNode };
