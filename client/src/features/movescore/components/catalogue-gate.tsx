import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageTitle } from '@/components/ui/page';
import { InlineError, InlineLoading, NotFoundState } from '@/components/ui/status';
import { errorText } from '@/lib/errors';

export type TNotFound = {
  title: string;
  message: string;
  backTo: string;
  backLabel: string;
};

/**
 * Waits for the records a movescore page is about (group, movement, perspective). A record
 * that does not exist wins over everything else: its page cannot be shown, whatever the rest.
 */
export function CatalogueGate({
  records,
  notFound,
  children,
}: {
  records: readonly UseQueryResult<unknown>[];
  notFound: TNotFound;
  children: () => ReactNode;
}) {
  if (records.some((record) => record.data === null)) return <NotFoundState {...notFound} />;
  const failed = records.find((record) => record.isError);
  if (failed) {
    return (
      <div className="flex flex-col gap-4">
        <PageTitle>Movescore</PageTitle>
        <InlineError
          message={`This page could not be loaded: ${errorText(failed.error)}`}
          onRetry={() => records.forEach((record) => void record.refetch())}
        />
      </div>
    );
  }
  if (records.some((record) => record.isPending)) return <InlineLoading label="Loading…" />;
  return <>{children()}</>;
}

/** A list of choices (groups, movements, perspectives) with its loading, error and empty states. */
export function ChoiceList<T>({
  query,
  what,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  what: string;
  empty: string;
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) return <InlineLoading label={`Loading ${what}…`} />;
  if (query.isError) {
    return (
      <InlineError message={`The ${what} could not be loaded: ${errorText(query.error)}`} onRetry={() => void query.refetch()} />
    );
  }
  if (query.data.length === 0) return <p className="rounded-lg bg-surface/60 p-4 text-sm text-muted">{empty}</p>;
  return <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">{query.data.map(children)}</ul>;
}
