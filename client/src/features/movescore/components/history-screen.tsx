/** Progress over time: every analysis and practice session of the user, filtered, charted, exported. */
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { countOf, scorePercent, type THistoryItem } from '@movelab/shared';
import { Button } from '@/components/ui/button';
import { PageTitle, Section } from '@/components/ui/page';
import { EmptyState, InlineError, InlineLoading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/errors';
import { useHistoryNames, useHistoryPages, useWholeHistoryReader, type THistoryFilter } from '../api/get-history-page';
import {
  chartSeriesByMovement,
  dateTimeText,
  historyCsv,
  historyJson,
  itemTitle,
  personalRecords,
  scoreWords,
  togetherText,
  type TNames,
} from '../history';
import { DeleteSessionDialog } from './delete-session-dialog';
import { HistoryCharts } from './history-charts';
import { Filters, useFilter } from './history-filters';

function Figure({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <li className="flex flex-col gap-1 rounded-xl bg-surface p-4" data-testid={testId}>
      <span className="text-2xl font-bold text-primary">{value}</span>
      <span className="text-sm">{label}</span>
      {detail ? <span className="text-xs text-muted">{detail}</span> : null}
    </li>
  );
}

const dayText = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

function Records({ items, names }: { items: readonly THistoryItem[]; names: TNames }) {
  const records = personalRecords(items);
  const detail = (item: THistoryItem | null) => (item ? `${itemTitle(item, names)}, ${dayText(item.createdAt)}` : undefined);
  return (
    <ul aria-label="Personal records and streaks" className="grid grid-cols-2 gap-3 md:grid-cols-5">
      <Figure
        testId="record-score"
        label="Best score"
        value={records.bestScore?.score != null ? `${scorePercent(records.bestScore.score)}%` : '—'}
        detail={detail(records.bestScore)}
      />
      <Figure
        testId="record-reps"
        label="Most reps"
        value={records.mostReps ? String(records.mostReps.reps) : '—'}
        detail={detail(records.mostReps)}
      />
      <Figure
        testId="record-range"
        label="Best range of motion"
        value={records.bestRange?.rangeOfMotion != null ? `${Math.round(records.bestRange.rangeOfMotion * 100)}%` : '—'}
        detail={detail(records.bestRange)}
      />
      <Figure testId="record-current-streak" label="Current streak" value={countOf(records.currentStreakDays, 'day')} />
      <Figure testId="record-longest-streak" label="Longest streak" value={countOf(records.longestStreakDays, 'day')} />
    </ul>
  );
}

function SessionRow({ item, names, onDelete }: { item: THistoryItem; names: TNames; onDelete: (item: THistoryItem) => void }) {
  const facts = [
    item.score === null ? scoreWords(item) : `Score ${scoreWords(item)}`,
    countOf(item.reps, 'rep'),
    item.rangeOfMotion === null ? null : `Range ${Math.round(item.rangeOfMotion * 100)}%`,
    item.depthDeg === null ? null : `Depth ${Math.round(item.depthDeg)}°`,
    item.durationMs > 0 ? `${Math.round(item.durationMs / 1000)} s` : null,
    item.source === 'remote' ? 'Phone camera' : null,
  ].filter(Boolean);
  const title = itemTitle(item, names);
  const when = dateTimeText(item.createdAt);
  const together = togetherText(item);
  return (
    <li className="flex flex-col gap-1 rounded-xl bg-surface p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="history-item">
      <div className="flex min-w-0 flex-col">
        <Link
          to={paths.movescoreHistoryItem({ kind: item.kind, id: item.id })}
          aria-label={`Details of ${title}, ${when}`}
          className="truncate font-medium text-primary underline-offset-4 hover:underline"
        >
          {title}
        </Link>
        <time dateTime={item.createdAt} className="text-sm text-muted">
          {when}
        </time>
        {together ? (
          <span className="text-sm text-on-surface" data-testid="history-item-together">
            {together}
          </span>
        ) : null}
      </div>
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        <span className="text-sm">{facts.join(' · ')}</span>
        <Button variant="ghost" aria-label={`Delete ${title}, ${when}`} onClick={() => onDelete(item)}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/** Nothing to show: said for the filter chosen, with the way to a first session of that kind. */
function EmptyHistory({ filter, onShowAll }: { filter: THistoryFilter; onShowAll: () => void }) {
  const link = 'text-primary underline';
  if (filter.groupId) {
    return (
      <EmptyState>
        No sessions match these filters.{' '}
        <button type="button" className={link} onClick={onShowAll}>
          Show all sessions
        </button>
      </EmptyState>
    );
  }
  if (filter.kind === 'practice') {
    return (
      <EmptyState>
        No practice sessions yet.{' '}
        <Link to={paths.discover()} className={link}>
          Find an activity in Discover
        </Link>{' '}
        and practise it to see it here.
      </EmptyState>
    );
  }
  return (
    <EmptyState>
      {filter.kind === 'analysis' ? 'No analyses yet.' : 'No sessions here yet.'}{' '}
      <Link to={paths.movescoreSelectGroup()} className={link}>
        Analyse a movement
      </Link>{' '}
      to start your history.
    </EmptyState>
  );
}

function download(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has handed the blob to the download; the URL is no longer needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function ExportButtons({ filter, names }: { filter: THistoryFilter; names: TNames }) {
  const readWholeHistory = useWholeHistoryReader();
  const [state, setState] = useState<{ busy: 'csv' | 'json' | null; error: string | null }>({ busy: null, error: null });
  const exportAs = async (format: 'csv' | 'json') => {
    setState({ busy: format, error: null });
    try {
      const items = await readWholeHistory(filter);
      const stamp = new Date().toISOString().slice(0, 10);
      if (format === 'csv') download(`movelab-history-${stamp}.csv`, historyCsv(items, names), 'text/csv');
      else download(`movelab-history-${stamp}.json`, historyJson(items), 'application/json');
      setState({ busy: null, error: null });
    } catch (error) {
      setState({ busy: null, error: `The export failed: ${errorText(error)}` });
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" isLoading={state.busy === 'csv'} disabled={state.busy !== null} onClick={() => void exportAs('csv')}>
          Download CSV
        </Button>
        <Button variant="secondary" isLoading={state.busy === 'json'} disabled={state.busy !== null} onClick={() => void exportAs('json')}>
          Download JSON
        </Button>
      </div>
      {state.error ? <InlineError message={state.error} /> : null}
    </div>
  );
}

export function HistoryScreen({ uid }: { uid: string }) {
  const [filter, setFilter] = useFilter();
  const pages = useHistoryPages(uid, filter);
  const items = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const names = useHistoryNames(
    items.flatMap((item) => (item.groupId ? [item.groupId] : [])),
    items.flatMap((item) => (item.routineId ? [item.routineId] : [])),
  );
  const series = useMemo(() => chartSeriesByMovement(items, names), [items, names]);
  const [toDelete, setToDelete] = useState<THistoryItem | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <Link to={paths.movescoreHome()} className="self-start text-sm text-primary underline-offset-4 hover:underline">
          Movescore
        </Link>
        <PageTitle>Your progress</PageTitle>
        <p className="text-muted">Every analysis and practice session you saved, newest first.</p>
      </div>
      <Filters filter={filter} onChange={setFilter} />
      {pages.isPending ? <InlineLoading label="Loading your history…" /> : null}
      {pages.isError ? (
        <InlineError message={`Your history could not be loaded: ${errorText(pages.error)}`} onRetry={() => void pages.refetch()} />
      ) : null}
      {pages.isSuccess && items.length === 0 ? <EmptyHistory filter={filter} onShowAll={() => setFilter({ kind: 'all' })} /> : null}
      {items.length > 0 ? (
        <>
          <p aria-live="polite" className="text-sm text-muted" data-testid="history-count">
            {countOf(items.length, 'session')} shown{pages.hasNextPage ? ' (older ones not loaded yet)' : ''}. Records, streaks and charts are over
            the sessions shown.
          </p>
          <Section title="Records and streaks">
            <Records items={items} names={names} />
          </Section>
          <Section title="Over time">
            <HistoryCharts series={series} />
          </Section>
          <Section title="Sessions" action={<ExportButtons filter={filter} names={names} />}>
            <ul aria-label="Sessions" className="flex flex-col gap-2">
              {items.map((item) => (
                <SessionRow key={`${item.kind}-${item.id}`} item={item} names={names} onDelete={setToDelete} />
              ))}
            </ul>
            {pages.hasNextPage ? (
              <Button variant="ghost" className="self-center" isLoading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
                Load older sessions
              </Button>
            ) : null}
          </Section>
        </>
      ) : null}
      <DeleteSessionDialog uid={uid} item={toDelete} names={names} onClose={() => setToDelete(null)} />
    </div>
  );
}
