import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TActivity, TActivityCategory } from '@movelab/shared';
import { useBackend } from '@/lib/backend-context';
import type { TBackend } from '@/lib/backend/port';
import { queryKeys } from '@/lib/query-keys';

/** The discover catalogue: every category (ordered) and every activity (ordered by name). */
export type TCatalog = {
  categories: TActivityCategory[];
  activities: TActivity[];
};

export async function getCatalog(backend: TBackend): Promise<TCatalog> {
  const [categories, activities] = await Promise.all([backend.catalog.listCategories(), backend.catalog.listActivities()]);
  return { categories, activities };
}

export function getCatalogQueryOptions(backend: TBackend) {
  return queryOptions({
    queryKey: [...queryKeys.categories.all, ...queryKeys.activities.list()],
    queryFn: () => getCatalog(backend),
  });
}

export function useCatalog() {
  const backend = useBackend();
  return useQuery(getCatalogQueryOptions(backend));
}
