/** The history's filters: what kind of session, which movescore group and movement. */
import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ZHistoryKind, type THistoryKind } from '@movelab/shared';
import { useGroupMovements, useGroups } from '@/lib/api/movescore-catalogue';
import type { THistoryFilter } from '../api/get-history-page';

/** The select fills its column and shrinks with it (a select is as wide as its longest option otherwise). */
const selectClasses = 'min-h-11 w-full min-w-0 rounded-lg border border-white/20 bg-surface px-3';
const KIND_LABELS: Record<THistoryKind, string> = { all: 'Analyses and practice', analysis: 'Analyses', practice: 'Practice' };

/** The filter lives in the address, so a recap tile can link to a filtered view and Back restores it. */
export function useFilter(): [THistoryFilter, (next: THistoryFilter) => void] {
  const [params, setParams] = useSearchParams();
  const kind = ZHistoryKind.safeParse(params.get('kind') ?? 'all');
  const groupId = params.get('group') || undefined;
  const movementId = (groupId && params.get('movement')) || undefined;
  const filter: THistoryFilter = { kind: kind.success ? kind.data : 'all', ...(groupId && { groupId }), ...(movementId && { movementId }) };
  const setFilter = (next: THistoryFilter) => {
    const search = new URLSearchParams();
    if (next.kind !== 'all') search.set('kind', next.kind);
    if (next.groupId) search.set('group', next.groupId);
    if (next.groupId && next.movementId) search.set('movement', next.movementId);
    setParams(search, { replace: true });
  };
  return [filter, setFilter];
}

function Select({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1 sm:w-56">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} className={selectClasses} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

export function Filters({ filter, onChange }: { filter: THistoryFilter; onChange: (next: THistoryFilter) => void }) {
  const groups = useGroups('');
  const movements = useGroupMovements(filter.groupId ?? '');
  return (
    // On a phone one filter a row, the whole width: a 390 px screen cuts nothing off.
    <div role="group" aria-label="Filters" className="grid grid-cols-1 gap-3 sm:flex sm:flex-wrap">
      <Select
        label="Show"
        value={filter.kind}
        // Practice sessions have no movescore group: choosing them clears the group.
        onChange={(kind) => onChange(kind === 'practice' ? { kind: 'practice' } : { ...filter, kind: kind as THistoryKind })}
      >
        {ZHistoryKind.options.map((kind) => (
          <option key={kind} value={kind}>
            {KIND_LABELS[kind]}
          </option>
        ))}
      </Select>
      <Select
        label="Group"
        value={filter.groupId ?? ''}
        onChange={(groupId) => onChange({ kind: filter.kind === 'practice' ? 'all' : filter.kind, ...(groupId && { groupId }) })}
      >
        <option value="">All groups</option>
        {(groups.data ?? []).map((group) => (
          <option key={group.id} value={group.id}>
            {group.name}
          </option>
        ))}
      </Select>
      {filter.groupId ? (
        <Select
          label="Movement"
          value={filter.movementId ?? ''}
          onChange={(movementId) => onChange({ ...filter, movementId: movementId || undefined })}
        >
          <option value="">All movements</option>
          {filter.groupId && movements.data
            ? movements.data.map((movement) => (
                <option key={movement.id} value={movement.id}>
                  {movement.name}
                </option>
              ))
            : null}
        </Select>
      ) : null}
    </div>
  );
}
