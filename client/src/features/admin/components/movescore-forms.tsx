/** Forms of the movescore catalogue, validated with the shared schemas (one message per field). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ZMovescoreGroupInput, ZMovescoreMovementInput, ZPerspectiveInput } from '@movelab/shared';
import { TextField } from '@/components/ui/text-field';
import { FormActions } from './dialogs';
import { SelectField, TextAreaField } from './fields';

/** Only the fields these forms edit: a save never sends (and never clears) a cover or a reference. */
export const ZGroupFields = ZMovescoreGroupInput.pick({ name: true, description: true });
export const ZMovementFields = ZMovescoreMovementInput.pick({ name: true, description: true });
export const ZPerspectiveFields = ZPerspectiveInput.pick({ name: true, view: true, instructions: true });
export type TNamedFields = z.output<typeof ZGroupFields>;
export type TPerspectiveFields = z.output<typeof ZPerspectiveFields>;

type TFormProps<T> = { initial?: Partial<T>; submitLabel: string; onSubmit: (values: T) => void; onCancel?: () => void; isBusy?: boolean };

/** Name and description: a movescore group or a movescore movement. */
export function NamedForm({ initial, submitLabel, onSubmit, onCancel, isBusy, what }: TFormProps<TNamedFields> & { what: 'group' | 'movement' }) {
  const schema = what === 'group' ? ZGroupFields : ZMovementFields;
  const { register, handleSubmit, formState } = useForm<z.input<typeof schema>, unknown, TNamedFields>({
    resolver: zodResolver(schema),
    defaultValues: { name: initial?.name ?? '', description: initial?.description ?? '' },
  });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit(onSubmit)}>
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

export function PerspectiveForm({ initial, submitLabel, onSubmit, onCancel, isBusy }: TFormProps<TPerspectiveFields>) {
  const { register, handleSubmit, formState } = useForm<z.input<typeof ZPerspectiveFields>, unknown, TPerspectiveFields>({
    resolver: zodResolver(ZPerspectiveFields),
    defaultValues: { name: initial?.name ?? '', view: initial?.view ?? 'front', instructions: initial?.instructions ?? '' },
  });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit(onSubmit)}>
      <TextField label="Name" autoComplete="off" error={formState.errors.name?.message} {...register('name')} />
      <SelectField label="Camera view" options={VIEW_OPTIONS} error={formState.errors.view?.message} {...register('view')} />
      <TextAreaField label="Instructions" error={formState.errors.instructions?.message} {...register('instructions')} />
      <FormActions submitLabel={submitLabel} isBusy={isBusy ?? false} {...(onCancel ? { onCancel } : {})} />
    </form>
  );
}
