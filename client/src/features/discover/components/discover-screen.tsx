import { PageTitle, Section } from '@/components/ui/page';
import { EmptyState, InlineError, InlineLoading } from '@/components/ui/status';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/errors';
import { useAppStore } from '@/stores/app-store';
import { useCatalog } from '../api/get-catalog';
import { categoryShelves } from '../catalog';
import { ActivityCard } from './activity-card';
import { ItemGrid } from './item-grid';

function Shelves({ search }: { search: string }) {
  const catalog = useCatalog();
  if (catalog.isPending) return <InlineLoading label="Loading activities…" />;
  if (catalog.isError) {
    return (
      <InlineError
        message={`The activities could not be loaded: ${errorText(catalog.error)}`}
        onRetry={() => void catalog.refetch()}
      />
    );
  }
  const shelves = categoryShelves(catalog.data.categories, catalog.data.activities, search);
  if (shelves.length === 0) {
    return <EmptyState>{search.trim() ? `No activity matches “${search.trim()}”.` : 'There are no activities yet.'}</EmptyState>;
  }
  // Categories with a few activities sit side by side on a wide screen, so that one card per
  // row does not leave most of the page empty; a category with more spans the whole width.
  return (
    <div className="grid gap-8 lg:grid-cols-2 2xl:grid-cols-3">
      {shelves.map(({ category, activities }) => {
        const isWide = activities.length > 2;
        return (
          <Section key={category.id} title={category.name} className={isWide ? 'lg:col-span-full' : undefined}>
            {category.description ? <p className="-mt-2 text-sm text-muted">{category.description}</p> : null}
            <ItemGrid
              items={activities}
              empty="No activities in this category yet."
              className={isWide ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4' : 'grid gap-4 sm:grid-cols-2'}
            >
              {(activity) => <ActivityCard key={activity.id} activity={activity} />}
            </ItemGrid>
          </Section>
        );
      })}
    </div>
  );
}

/** Discover: categories in order with their activities, filtered by the search box. */
export function DiscoverScreen() {
  // The search lives in the app store (spec §3 `search`), so it survives a visit to a detail page.
  const search = useAppStore((state) => state.search);
  const setSearch = useAppStore((state) => state.setSearch);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <PageTitle>Discover</PageTitle>
        <p className="text-muted">Find an activity, learn its movements and practise a routine.</p>
      </div>
      <TextField
        label="Search activities"
        type="search"
        placeholder="Activity or movement, e.g. squat"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="max-w-md"
      />
      <Shelves search={search} />
    </div>
  );
}
