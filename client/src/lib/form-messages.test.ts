import { ZActivityInput, ZMovescoreGroupInput, ZProfileUpdate } from '@movelab/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './form-messages';

/** The first message a form would show for `value` under `schema`. */
const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('form messages', () => {
  it('reads a length limit of the shared schemas in plain words, in every form that uses them', () => {
    expect(messageOf(ZProfileUpdate.shape.displayName, 'a'.repeat(200))).toBe('At most 80 characters');
    // The admin's New group and New activity dialogs validate with these.
    expect(messageOf(ZMovescoreGroupInput.shape.name, 'a'.repeat(300))).toBe('At most 120 characters');
    expect(messageOf(ZMovescoreGroupInput.shape.description, 'a'.repeat(5000))).toBe('At most 4000 characters');
    expect(messageOf(ZActivityInput.shape.name, 'a'.repeat(300))).toBe('At most 120 characters');
  });

  it('keeps the message a rule names itself', () => {
    expect(messageOf(ZMovescoreGroupInput.shape.name, '  ')).toBe('Name is required');
  });

  it('says numbers and lists out of bounds plainly', () => {
    expect(messageOf(z.number().int().min(1), 0)).toBe('At least 1');
    expect(messageOf(z.array(z.string()).max(2), ['a', 'b', 'c'])).toBe('At most 2 items');
    expect(messageOf(z.object({ name: z.string() }), {})).toBe('This field is required');
  });
});
