import { Link } from 'react-router-dom';
import { hrefByName } from '@/config/paths';
import { Icon } from '@/components/ui/icon';
import type { TNavEntry } from './entries';

type TNavItemProps = {
  entry: TNavEntry;
  isActive: boolean;
  onLogout: () => void;
  onNavigate?: () => void;
  /** Icon only (the bottom bar) or icon and label. */
  isCompact?: boolean;
  labelClassName?: string;
};

/** One navigation entry: a link to its target, or the logout button. */
export function NavItem({ entry, isActive, onLogout, onNavigate, isCompact = false, labelClassName = '' }: TNavItemProps) {
  const base = `flex min-h-11 items-center rounded-lg text-sm font-medium transition-colors ${
    isActive ? 'bg-primary/15 text-primary' : 'text-on-surface hover:bg-white/10'
  } ${isCompact ? 'w-12 justify-center' : 'gap-4 px-3'}`;
  const content = (
    <>
      <Icon path={entry.icon} className="shrink-0" />
      <span className={isCompact ? 'sr-only' : `whitespace-nowrap ${labelClassName}`}>{entry.label}</span>
    </>
  );
  if (entry.isLogout) {
    return (
      <button
        type="button"
        className={isCompact ? base : `${base} w-full`}
        onClick={() => {
          onNavigate?.();
          onLogout();
        }}
      >
        {content}
      </button>
    );
  }
  return (
    <Link to={hrefByName[entry.target] ?? '/'} className={base} aria-current={isActive ? 'page' : undefined} onClick={onNavigate}>
      {content}
    </Link>
  );
}
