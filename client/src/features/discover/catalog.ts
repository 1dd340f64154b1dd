import type { TActivity, TActivityCategory } from '@movelab/shared';

export type TCategoryShelf = {
  category: TActivityCategory;
  activities: TActivity[];
};

/**
 * How well an activity answers a search: 2 when its name holds the text, 1 when its
 * description does, 0 otherwise (case-insensitive). People type what they want to do
 * ("squat"), which is often in the description ("Squats, lunges and push-ups") and not the name.
 */
export function searchRank(activity: TActivity, needle: string): number {
  if (!needle) return 2;
  if (activity.name.toLowerCase().includes(needle)) return 2;
  return activity.description.toLowerCase().includes(needle) ? 1 : 0;
}

/**
 * The discover shelves: categories in their `order` (then name), each with its activities
 * that answer the search text, name matches first. With a search, categories left without a
 * match are dropped; without one, empty categories stay so the catalogue is whole.
 */
export function categoryShelves(
  categories: readonly TActivityCategory[],
  activities: readonly TActivity[],
  search: string,
): TCategoryShelf[] {
  const needle = search.trim().toLowerCase();
  const ranked = activities
    .map((activity) => ({ activity, rank: searchRank(activity, needle) }))
    .filter(({ rank }) => rank > 0)
    .sort((a, b) => b.rank - a.rank);
  const shelves = [...categories]
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
    .map((category) => ({
      category,
      activities: ranked.filter(({ activity }) => activity.categoryId === category.id).map(({ activity }) => activity),
    }));
  return needle ? shelves.filter((shelf) => shelf.activities.length > 0) : shelves;
}
