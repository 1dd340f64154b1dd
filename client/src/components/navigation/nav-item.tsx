import { Link } from 'react-router-dom';
import { hrefByName } from '@/config/paths';
import { Icon } from '@/components/ui/icon';
import type { TNavEntry } from './entries';

type TNavItemProps = {
  entry: TNavEntry;
  isActive: boolean;
  onLogout: () => void;
  onNavigate?: () => void;
  /** The bottom bar's icon above its label, or icon and label side by side. */
  isCompact?: boolean;
  labelClassName?: string;
};

const stateClasses = (isActive: boolean) => (isActive ? 'bg-primary/15 text-primary' : 'text-on-surface hover:bg-white/10');

/** A bottom-bar item: the icon above its label, readable at a glance. */
export const compactItemClasses = (isActive: boolean) =>
  `flex min-h-12 w-full max-w-20 flex-col items-center justify-center gap-0.5 rounded-lg text-xs font-medium transition-colors ${stateClasses(isActive)}`;

/** One navigation entry: a link to its target, or the logout button. */
export function NavItem({ entry, isActive, onLogout, onNavigate, isCompact = false, labelClassName = '' }: TNavItemProps) {
  const base = isCompact
    ? compactItemClasses(isActive)
    : `flex min-h-11 items-center gap-4 rounded-lg px-3 text-sm font-medium transition-colors ${stateClasses(isActive)}`;
  const content = (
    <>
      <Icon path={entry.icon} className="shrink-0" />
      <span className={isCompact ? 'whitespace-nowrap' : `whitespace-nowrap ${labelClassName}`}>{entry.label}</span>
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
