/** The frame of every admin screen: breadcrumbs, title, and an optional action beside it. */
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageTitle } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { useLeaveGuard } from '../lib/use-leave-guard';

export type TCrumb = { label: string; to: string };

export function AdminPage({
  title,
  crumbs = [],
  action,
  children,
}: {
  title: string;
  crumbs?: readonly TCrumb[];
  action?: ReactNode;
  children: ReactNode;
}) {
  useLeaveGuard();
  const trail = [{ label: 'Administration', to: paths.adminHome() }, ...crumbs];
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <ol className="flex flex-wrap items-center gap-1">
          {trail.map((crumb, index) => (
            <Fragment key={crumb.to}>
              {index > 0 ? <li aria-hidden="true">›</li> : null}
              <li>
                <Link to={crumb.to} className="hover:text-primary hover:underline">
                  {crumb.label}
                </Link>
              </li>
            </Fragment>
          ))}
        </ol>
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle>{title}</PageTitle>
        {action}
      </div>
      {children}
    </div>
  );
}

/** A search box that filters as the admin types. */
export function SearchBox({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <input
      type="search"
      aria-label={label}
      placeholder={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="min-h-11 w-full rounded-lg border border-white/20 bg-background px-3 text-base focus:border-primary focus:outline-none md:max-w-sm"
    />
  );
}

export function Card({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <section aria-label={title} className="flex flex-col gap-4 rounded-xl bg-surface p-4 md:p-6">
      {title ? <h2 className="text-lg font-semibold">{title}</h2> : null}
      {children}
    </section>
  );
}
