import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/status';

/** A grid of items, or a line saying there are none. */
export function ItemGrid<T extends { id: string }>({
  items,
  empty,
  className = 'grid gap-3 md:grid-cols-2',
  children,
}: {
  items: readonly T[];
  empty: string;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return <ul className={className}>{items.map(children)}</ul>;
}
