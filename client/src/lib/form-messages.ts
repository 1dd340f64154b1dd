/**
 * Plain words for zod's own messages ("Too big: expected string to have <=80 characters"), for
 * every form of the client at once: a rule that names its own message keeps it, any other
 * length, size or presence rule of the shared schemas reads as the sign-up form always did
 * ("At most 80 characters"). Installed once at start-up (main.tsx) and in the test setup.
 */
import { z } from 'zod';

type TIssue = z.core.$ZodRawIssue;

const UNITS: Readonly<Record<string, string>> = { string: ' characters', array: ' items', set: ' items', file: ' bytes' };

function bound(word: 'At most' | 'At least', limit: unknown, isInclusive: boolean | undefined, origin: string): string {
  const value = Number(limit);
  if (origin === 'string' && word === 'At least' && value === 1) return 'This field is required';
  const unit = UNITS[origin] ?? '';
  if (isInclusive === false) return `${word === 'At most' ? 'Less' : 'More'} than ${value}${unit}`;
  return `${word} ${value}${unit}`;
}

/** The message a form shows for a zod issue; undefined leaves zod's own (a rule with its own message never gets here). */
export function formMessage(issue: TIssue): string | undefined {
  switch (issue.code) {
    case 'too_big':
      return bound('At most', issue.maximum, issue.inclusive, issue.origin);
    case 'too_small':
      return bound('At least', issue.minimum, issue.inclusive, issue.origin);
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'This field is required' : undefined;
    case 'invalid_format':
      return issue.format === 'email' ? 'Not a valid email' : issue.format === 'url' ? 'Not a valid link' : undefined;
    default:
      return undefined;
  }
}

z.config({ customError: formMessage });
