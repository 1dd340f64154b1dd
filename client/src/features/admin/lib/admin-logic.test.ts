import { describe, expect, it } from 'vitest';
import { LIMITS, ZRoutineInput } from '@movelab/shared';
import { imageProblem } from '../components/image-upload';
import { queryFromParams } from '../components/users-screen';
import { sharedResolver } from './shared-resolver';

describe('user list URL', () => {
  it('reads the e-mail filter before the name, one cursor, and a known page size', () => {
    const query = queryFromParams(new URLSearchParams('name=ann&email=an@&after=abc&before=zzz&size=50'));
    expect(query).toEqual({ email: 'an@', startAfter: 'abc', limit: 50 });
    expect(queryFromParams(new URLSearchParams('name=%20ann%20&before=c1&size=7'))).toEqual({ name: 'ann', endBefore: 'c1', limit: 20 });
  });
});

describe('image checks before upload', () => {
  it('refuses other types, empty and oversized files', () => {
    expect(imageProblem({ type: 'image/svg+xml', size: 10 })).toMatch(/PNG, JPEG/);
    expect(imageProblem({ type: 'image/png', size: LIMITS.imageBytes + 1 })).toMatch(/larger than 5 MB/);
    expect(imageProblem({ type: 'image/png', size: 0 })).toBe('The image is empty');
    expect(imageProblem({ type: 'image/webp', size: 1000 })).toBeNull();
  });
});

describe('forms validated with the shared schema', () => {
  type TForm = { name: string; amount: number };
  const resolver = sharedResolver<TForm, typeof ZRoutineInput>(
    ZRoutineInput,
    (values) => ({ activityId: 'a1', name: values.name, steps: [{ movementId: 'm1', reps: values.amount }] }),
    (path) => (path[0] === 'steps' ? ['amount'] : path.map(String)),
  );
  const run = (values: TForm) => resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  it('puts each issue on the field that holds the value', async () => {
    const result = await run({ name: ' ', amount: Number.NaN });
    expect(result.errors).toMatchObject({ name: { message: 'Name is required' }, amount: { message: 'Enter a number' } });
  });

  it('answers the shared input when valid', async () => {
    const result = await run({ name: 'Flow', amount: 8 });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ activityId: 'a1', name: 'Flow', description: '', steps: [{ movementId: 'm1', reps: 8, restSeconds: 30 }] });
  });
});
