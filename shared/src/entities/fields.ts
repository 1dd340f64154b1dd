/** The field schemas the entities are built from (not exported by the package). */
import { z } from 'zod';
import { LIMITS } from '../constants.js';

export const id = z.string().min(1).max(LIMITS.idMax);
export const name = z.string().trim().min(1, 'Name is required').max(LIMITS.nameMax);
export const description = z.string().max(LIMITS.descriptionMax);
export const isoTimestamp = z.iso.datetime({ offset: true });
/** A URL the app can show: an absolute http(s) URL, a same-origin path, or '' for none. */
export const mediaUrl = z
  .string()
  .max(2048)
  .refine((value) => value === '' || value.startsWith('/') || /^https?:\/\//.test(value), 'Not a valid URL');
/** A field derived by `toLowerCase()` from a field of at most `max` code units. */
export const lowercaseOf = (max: number) => z.string().max(max * LIMITS.lowercaseGrowth);
