import { describe, expect, it } from 'vitest';
import { activeEntryName, bottomBarEntries, navEntries, visibleEntries } from './entries';

describe('navigation entries', () => {
  it('lead to the spec targets in order', () => {
    expect(navEntries.map((entry) => entry.target)).toEqual([
      'home',
      'discover',
      'friends',
      'community',
      'movescore-select-group',
      'history',
      'remote-streaming',
      'administration',
      'settings',
      'auth',
    ]);
    expect(bottomBarEntries.map((entry) => [entry.label, entry.target])).toEqual([
      ['Home', 'home'],
      ['Discover', 'discover'],
      ['Movescore', 'movescore-select-group'],
      ['History', 'history'],
    ]);
  });

  it('give the phone bar only destinations the rail has, History among them', () => {
    expect(bottomBarEntries.every((entry) => navEntries.includes(entry))).toBe(true);
    expect(navEntries.map((entry) => entry.label)).toContain('History');
  });

  it('mark History, not Movescore, on the history and its items', () => {
    expect(activeEntryName('history')).toBe('history');
    expect(activeEntryName('history-item')).toBe('history');
  });

  it('mark the entry whose name is contained in the route name', () => {
    expect(activeEntryName('home')).toBe('home');
    expect(activeEntryName('discover-activity')).toBe('discover');
    expect(activeEntryName('movescore-select-perspective')).toBe('movescore');
    expect(activeEntryName('custom-remote-streaming')).toBe('remote-streaming');
    expect(activeEntryName('settings')).toBe('settings');
  });

  it('prefer the most specific entry and mark none for unrelated routes', () => {
    expect(activeEntryName('movescore-home')).toBe('movescore');
    expect(activeEntryName('auth')).toBeNull();
    expect(activeEntryName('practice')).toBeNull();
  });

  it('mark Administration on every admin route, also those naming movescore', () => {
    expect(activeEntryName('administration')).toBe('admin');
    expect(activeEntryName('admin-users')).toBe('admin');
    expect(activeEntryName('admin-movescore-group')).toBe('admin');
  });

  it('show the Administration entry to admins only', () => {
    const names = (isViewerAdmin: boolean) => visibleEntries(navEntries, isViewerAdmin).map((entry) => entry.name);
    expect(names(true)).toContain('admin');
    expect(names(false)).not.toContain('admin');
    expect(names(false)).toHaveLength(navEntries.length - 1);
  });
});
