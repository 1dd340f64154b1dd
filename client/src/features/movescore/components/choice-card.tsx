import { mdiChevronRight } from '@mdi/js';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '@/components/ui/icon';
import { CoverThumb } from './cover-thumb';

/**
 * One choice in a movescore list: an optional picture (a 75 px cover, or the movement drawn from
 * its reference), name and a detail line. Without `to` it cannot be chosen yet (nothing to
 * compare with): shown, not a link, its detail saying why.
 */
export function ChoiceCard({ to, name, detail, coverUrl, picture }: { to: string | null; name: string; detail: string; coverUrl?: string; picture?: ReactNode }) {
  if (to === null) {
    return (
      <li className="flex items-center gap-4 rounded-xl border border-dashed border-muted/40 p-3">
        {coverUrl === undefined ? null : <CoverThumb url={coverUrl} />}
        {picture}
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-semibold">{name}</span>
          <span className="text-sm text-muted">{detail}</span>
        </span>
      </li>
    );
  }
  return (
    <li>
      <Link to={to} className="group flex items-center gap-4 rounded-xl bg-surface p-3 transition-colors hover:bg-surface-raised">
        {coverUrl === undefined ? null : <CoverThumb url={coverUrl} />}
        {picture}
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-semibold">{name}</span>
          <span className="text-sm text-muted">{detail}</span>
        </span>
        <Icon path={mdiChevronRight} className="shrink-0 text-muted group-hover:text-primary" />
      </Link>
    </li>
  );
}
