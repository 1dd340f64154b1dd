/**
 * The admin's create, update and delete of any catalogue level, each shown in its cached list
 * at once (see `useListMutation`) and kept in the level's order.
 */
import type { QueryKey } from '@tanstack/react-query';
import { CATALOGUE_LEVELS, type TCatalogueLevel, type TCatalogueLevelName } from '@movelab/shared';
import type { TDeleteChildren } from '@/lib/backend/port';
import { pendingId, removeById, replaceById, useListMutation } from '../lib/optimistic';

type TRecord = { id: string };

export type TLevelAdmin<T extends TRecord, I> = {
  level: TCatalogueLevelName;
  /** The cached list the changes show in. */
  listKey: QueryKey;
  create: (input: I) => Promise<T>;
  update: (id: string, update: Partial<I>) => Promise<T>;
  remove: (id: string, children: TDeleteChildren) => Promise<void>;
  /** The record the list shows until the backend answers. */
  draft: (input: I) => Omit<T, 'id'>;
  /** What to refetch afterwards besides the list: parents whose counts change, details. */
  invalidate?: { create?: () => QueryKey[]; update?: (id: string) => QueryKey[]; remove?: () => QueryKey[] };
};

export type TUpdateVars<I> = { id: string; update: Partial<I> };
export type TRemoveVars = { id: string; children?: TDeleteChildren };

const inOrder =
  <T extends TRecord>(level: TCatalogueLevel) =>
  (list: T[]): T[] => {
    const key = (item: T) => String((item as Record<string, unknown>)[level.orderBy] ?? '');
    return [...list].sort((a, b) => key(a).localeCompare(key(b)));
  };

export function useLevelMutations<T extends TRecord, I>(admin: TLevelAdmin<T, I>) {
  const level: TCatalogueLevel = CATALOGUE_LEVELS[admin.level];
  const what = level.label.toLowerCase();
  const sorted = inOrder<T>(level);
  const create = useListMutation<T, I>({
    listKey: admin.listKey,
    mutationFn: (input) => admin.create(input),
    apply: (list, input) => sorted([...list, { ...admin.draft(input), id: pendingId() } as T]),
    invalidate: () => admin.invalidate?.create?.() ?? [],
    failure: `Could not create the ${what}`,
  });
  const update = useListMutation<T, TUpdateVars<I>>({
    listKey: admin.listKey,
    mutationFn: ({ id, update: patch }) => admin.update(id, patch),
    apply: (list, { id, update: patch }) => sorted(replaceById(list, id, patch as Partial<T>)),
    invalidate: ({ id }) => admin.invalidate?.update?.(id) ?? [],
    failure: `Could not save the ${what}`,
  });
  const remove = useListMutation<T, TRemoveVars>({
    listKey: admin.listKey,
    mutationFn: ({ id, children = 'block' }) => admin.remove(id, children),
    apply: (list, { id }) => removeById(list, id),
    invalidate: () => admin.invalidate?.remove?.() ?? [],
    failure: `Could not delete the ${what}`,
  });
  return { create, update, remove };
}

export type TLevelMutations<T extends TRecord, I> = ReturnType<typeof useLevelMutations<T, I>>;
