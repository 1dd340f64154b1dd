import type { TActivity, TActivityCategory } from '@movelab/shared';

export type TCategoryShelf = {
  category: TActivityCategory;
  activities: TActivity[];
};

/**
 * The discover shelves: categories in their `order` (then name), each with its activities
 * whose name contains the search text (case-insensitive). With a search, categories left
 * without a match are dropped; without one, empty categories stay so the catalogue is whole.
 */
export function categoryShelves(
  categories: readonly TActivityCategory[],
  activities: readonly TActivity[],
  search: string,
): TCategoryShelf[] {
  const needle = search.trim().toLowerCase();
  const matches = needle ? activities.filter((activity) => activity.name.toLowerCase().includes(needle)) : activities;
  const shelves = [...categories]
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
    .map((category) => ({
      category,
      activities: matches.filter((activity) => activity.categoryId === category.id),
    }));
  return needle ? shelves.filter((shelf) => shelf.activities.length > 0) : shelves;
}
