/** Loading, error and empty states for a query, so every admin screen shows them the same way. */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState, InlineError, InlineLoading } from '@/components/ui/status';
import { errorText } from '@/lib/errors';

export function QueryView<T>({
  query,
  loading,
  empty,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <InlineLoading label={loading} />;
  if (query.isError) return <InlineError message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  if (empty !== undefined && isEmpty(query.data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(query.data)}</>;
}

/** A count that shows a dash while loading and nothing false on failure. */
export function CountText({ query }: { query: UseQueryResult<number> }) {
  if (query.isError) return <span title={errorText(query.error)}>?</span>;
  return <span>{query.data ?? '–'}</span>;
}
