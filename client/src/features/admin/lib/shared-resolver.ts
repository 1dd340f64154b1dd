/**
 * A react-hook-form resolver for forms whose fields differ in shape from the shared entity
 * (a step's "amount" and "mode", instructions as rows): the form values are turned into the
 * shared input and validated with its zod schema, and each issue is put back on the field that
 * caused it. So the shared schema stays the one source of the rules.
 */
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

type TIssuePath = readonly PropertyKey[];

function setError(errors: Record<string, unknown>, path: readonly string[], message: string, type: string): void {
  let node = errors;
  path.slice(0, -1).forEach((key) => {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  });
  const last = path.at(-1) ?? 'root';
  node[last] ??= { type, message };
}

const friendly = (issue: z.core.$ZodIssue) => (issue.code === 'invalid_type' && issue.expected === 'number' ? 'Enter a number' : issue.message);

export function sharedResolver<TForm extends FieldValues, S extends z.ZodType>(
  schema: S,
  toInput: (values: TForm) => unknown,
  fieldOf: (path: TIssuePath) => readonly (string | number)[] = (path) => path.map((key) => (typeof key === 'number' ? key : String(key))),
): Resolver<TForm, unknown, z.output<S>> {
  return async (values) => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, unknown> = {};
    result.error.issues.forEach((issue) => setError(errors, fieldOf(issue.path).map(String), friendly(issue), issue.code));
    return { values: {}, errors: errors as FieldErrors<TForm> };
  };
}
