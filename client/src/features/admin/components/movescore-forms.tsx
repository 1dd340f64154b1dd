/** Forms of the movescore catalogue, validated with the shared schemas (one message per field). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { referenceKind, ZMovescoreGroupInput, ZMovescoreMovementInput, ZPerspectiveInput, type TPerspective } from '@movelab/shared';
import { MOVEMENT_KIND_LABELS, MOVEMENT_KINDS, type TMovementKind } from '@movelab/shared/movescore/definitions';
import { TextField } from '@/components/ui/text-field';
import { FormActions } from '@/components/ui/dialogs';
import { SelectField, TextAreaField } from './fields';

/** Only the fields these forms edit: a save never sends (and never clears) a cover or a reference. */
export const ZGroupFields = ZMovescoreGroupInput.pick({ name: true, description: true });
export const ZMovementFields = ZMovescoreMovementInput.pick({ name: true, description: true });
export const ZPerspectiveFields = ZPerspectiveInput.pick({ name: true, view: true, instructions: true, kind: true });
export type TNamedFields = z.output<typeof ZGroupFields>;
export type TPerspectiveFields = z.output<typeof ZPerspectiveFields>;

type TFormProps<T> = { initial?: Partial<T>; submitLabel: string; onSubmit: (values: T) => void; onCancel?: () => void; isBusy?: boolean };

/**
 * Name and description: a movescore group or a movescore movement. `nameTaken` says why a name
 * cannot be used (another record has it), checked before anything is sent.
 */
export function NamedForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  isBusy,
  what,
  nameTaken,
}: TFormProps<TNamedFields> & { what: 'group' | 'movement'; nameTaken?: (name: string) => string | undefined }) {
  const schema = what === 'group' ? ZGroupFields : ZMovementFields;
  const { register, handleSubmit, formState, setError } = useForm<z.input<typeof schema>, unknown, TNamedFields>({
    resolver: zodResolver(schema),
    defaultValues: { name: initial?.name ?? '', description: initial?.description ?? '' },
  });
  const submit = (values: TNamedFields) => {
    const taken = nameTaken?.(values.name);
    if (taken) setError('name', { message: taken }, { shouldFocus: true });
    else onSubmit(values);
  };
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit(submit)}>
      <TextField label="Name" autoComplete="off" error={formState.errors.name?.message} {...register('name')} />
      <TextAreaField label="Description" error={formState.errors.description?.message} {...register('description')} />
      <FormActions submitLabel={submitLabel} isBusy={isBusy ?? false} {...(onCancel ? { onCancel } : {})} />
    </form>
  );
}

export const VIEW_OPTIONS = [
  { value: 'front', label: 'Front' },
  { value: 'side', label: 'Side' },
  { value: 'back', label: 'Back' },
  { value: 'other', label: 'Other' },
] as const;

export const KIND_OPTIONS = MOVEMENT_KINDS.map((kind) => ({ value: kind, label: MOVEMENT_KIND_LABELS[kind] }));

const withoutKind = ({ kind: _kind, ...rest }: TPerspectiveFields): TPerspectiveFields => rest;

/**
 * Name, camera view, movement kind and instructions of a perspective. The kind says how reps
 * are counted and form is judged; once a reference is recorded it is the kind that reference was
 * built as, changed only by recording it again (the gateway refuses a kind that differs). A new
 * perspective starts with `defaultKind` (the one its group and movement call for). Without
 * `withKind` (the perspective page, where the reference capture holds the one kind select and
 * saves the kind with the reference) the form leaves the kind as it is.
 */
export function PerspectiveForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  isBusy,
  defaultKind = 'custom',
  withKind = true,
}: TFormProps<TPerspectiveFields> & { initial?: Partial<TPerspective>; defaultKind?: TMovementKind; withKind?: boolean }) {
  const builtAs = referenceKind(initial?.reference);
  const { register, handleSubmit, formState } = useForm<z.input<typeof ZPerspectiveFields>, unknown, TPerspectiveFields>({
    resolver: zodResolver(ZPerspectiveFields),
    defaultValues: {
      name: initial?.name ?? '',
      view: initial?.view ?? 'front',
      kind: builtAs ?? initial?.kind ?? defaultKind,
      instructions: initial?.instructions ?? '',
    },
  });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit((values) => onSubmit(withKind ? values : withoutKind(values)))}>
      <TextField label="Name" autoComplete="off" error={formState.errors.name?.message} {...register('name')} />
      <SelectField label="Camera view" options={VIEW_OPTIONS} error={formState.errors.view?.message} {...register('view')} />
      {withKind ? (
        <SelectField
          label="Movement kind"
          options={KIND_OPTIONS}
          error={formState.errors.kind?.message}
          {...register('kind', { disabled: builtAs !== undefined })}
        />
      ) : null}
      {withKind && builtAs ? (
        <p className="text-sm text-muted">Set by the recorded reference motion: record the reference again as another kind to change it.</p>
      ) : null}
      <TextAreaField label="Instructions" error={formState.errors.instructions?.message} {...register('instructions')} />
      <FormActions submitLabel={submitLabel} isBusy={isBusy ?? false} {...(onCancel ? { onCancel } : {})} />
    </form>
  );
}
