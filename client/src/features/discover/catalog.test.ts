import type { TActivity, TActivityCategory } from '@movelab/shared';
import { describe, expect, it } from 'vitest';
import { categoryShelves } from './catalog';

const category = (id: string, order: number): TActivityCategory => ({
  id,
  name: id,
  description: '',
  order,
  icon: 'run',
});
const activity = (id: string, name: string, categoryId: string, description = ''): TActivity => ({
  id,
  name,
  nameLowercase: name.toLowerCase(),
  categoryId,
  description,
  imageUrl: '',
  difficulty: 'beginner',
  durationMinutes: 10,
});

const categories = [category('core', 2), category('strength', 0), category('mobility', 1)];
const activities = [
  activity('a', 'Bodyweight strength', 'strength', 'Squats, lunges and push-ups.'),
  activity('b', 'Hip mobility', 'mobility'),
  activity('c', 'Plank ladder', 'strength'),
];

describe('categoryShelves', () => {
  it('orders categories by their order and keeps empty ones without a search', () => {
    const shelves = categoryShelves(categories, activities, '');
    expect(shelves.map((shelf) => shelf.category.id)).toEqual(['strength', 'mobility', 'core']);
    expect(shelves[0]?.activities.map((item) => item.id)).toEqual(['a', 'c']);
    expect(shelves[2]?.activities).toEqual([]);
  });

  it('filters activities by a case-insensitive part of the name and drops empty categories', () => {
    const shelves = categoryShelves(categories, activities, '  PLANK ');
    expect(shelves).toHaveLength(1);
    expect(shelves[0]?.activities.map((item) => item.name)).toEqual(['Plank ladder']);
    expect(categoryShelves(categories, activities, 'zzz')).toEqual([]);
  });

  it('finds an activity by its description, after those whose name matches', () => {
    const withSquatName = [...activities, activity('d', 'Squat ladder', 'strength')];
    const shelves = categoryShelves(categories, withSquatName, 'squat');
    expect(shelves.map((shelf) => shelf.category.id)).toEqual(['strength']);
    expect(shelves[0]?.activities.map((item) => item.name)).toEqual(['Squat ladder', 'Bodyweight strength']);
  });
});
