import { PageContainer, SkipLink, type TLayoutProps } from './container';

/** No navigation: sign-in and the practice screen. */
export function MinimalLayout({ meta, children }: TLayoutProps) {
  return (
    <div className="min-h-dvh bg-background">
      <SkipLink />
      <main id="main" tabIndex={-1} className="outline-none">
        <PageContainer meta={meta}>{children}</PageContainer>
      </main>
    </div>
  );
}
