/** Forms of the activity catalogue, validated with the shared schemas. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  DIFFICULTY_LABELS,
  ZActivityInput,
  ZDifficulty,
  ZMovementInput,
  type TActivityCategory,
  type TMovement,
  type TMovementInput,
} from '@movelab/shared';
import { TextField } from '@/components/ui/text-field';
import { useGroupMovements, useGroups, usePerspectives } from '@/lib/api/movescore-catalogue';
import { sharedResolver } from '../lib/shared-resolver';
import { FormActions } from '@/components/ui/dialogs';
import { SelectField, TextAreaField } from './fields';
import { InstructionFields, MovescoreLinkFields, type TMovementForm } from './movement-form-fields';

/** The image is uploaded on its own: a save never clears it. */
export const ZActivityFields = ZActivityInput.omit({ imageUrl: true });
export type TActivityFields = z.output<typeof ZActivityFields>;

type TFormProps<T> = { initial?: Partial<T>; submitLabel: string; onSubmit: (values: T) => void; onCancel?: () => void; isBusy?: boolean };

export const DIFFICULTY_OPTIONS = ZDifficulty.options.map((value) => ({ value, label: DIFFICULTY_LABELS[value] }));

export function ActivityForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  isBusy,
  categories,
}: TFormProps<TActivityFields> & { categories: TActivityCategory[] }) {
  const { register, handleSubmit, formState } = useForm<z.input<typeof ZActivityFields>, unknown, TActivityFields>({
    resolver: zodResolver(ZActivityFields),
    defaultValues: {
      name: initial?.name ?? '',
      categoryId: initial?.categoryId ?? categories[0]?.id ?? '',
      description: initial?.description ?? '',
      difficulty: initial?.difficulty ?? 'beginner',
      durationMinutes: initial?.durationMinutes ?? 15,
    },
  });
  const errors = formState.errors;
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit(onSubmit)}>
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <SelectField
        label="Category"
        options={[{ value: '', label: 'Choose a category' }, ...categories.map((category) => ({ value: category.id, label: category.name }))]}
        error={errors.categoryId ? 'Choose a category' : undefined}
        {...register('categoryId')}
      />
      <TextAreaField label="Description" error={errors.description?.message} {...register('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Difficulty" options={DIFFICULTY_OPTIONS} error={errors.difficulty?.message} {...register('difficulty')} />
        <TextField
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          min={1}
          max={600}
          error={errors.durationMinutes ? 'Between 1 and 600 minutes' : undefined}
          {...register('durationMinutes', { valueAsNumber: true })}
        />
      </div>
      <FormActions submitLabel={submitLabel} isBusy={isBusy ?? false} {...(onCancel ? { onCancel } : {})} />
    </form>
  );
}

function toMovementInput(activityId: string) {
  return (values: TMovementForm): unknown => ({
    activityId,
    name: values.name,
    description: values.description,
    mediaUrl: values.mediaUrl.trim(),
    unit: values.unit,
    instructions: values.instructions.map((row) => row.text.trim()).filter(Boolean),
    movescore: values.linkGroupId
      ? {
          groupId: values.linkGroupId,
          movementId: values.linkMovementId,
          ...(values.linkPerspectiveId ? { perspectiveId: values.linkPerspectiveId } : {}),
        }
      : null,
  });
}

/** Issues on the shared shape, shown on the form field that holds the value. */
function movementField(path: readonly PropertyKey[]): (string | number)[] {
  const [head, index] = path;
  if (head === 'instructions' && typeof index === 'number') return ['instructions', index, 'text'];
  if (head === 'movescore') return [path[1] === 'groupId' ? 'linkGroupId' : 'linkMovementId'];
  return path.map((key) => (typeof key === 'number' ? key : String(key)));
}

function useLinkOptions(groupId: string, movementId: string) {
  const groups = useGroups('');
  const movements = useGroupMovements(groupId, { enabled: Boolean(groupId) });
  const perspectives = usePerspectives(groupId, movementId, { enabled: Boolean(groupId && movementId) });
  const options = (items: { id: string; name: string }[] | undefined, none: string) => [
    { value: '', label: none },
    ...(items ?? []).map((item) => ({ value: item.id, label: item.name })),
  ];
  return {
    groups: options(groups.data, 'No movescore link'),
    movements: options(groupId ? movements.data : [], 'Choose a movement'),
    perspectives: options(groupId && movementId ? perspectives.data : [], 'Any perspective'),
  };
}

export function MovementForm({
  activityId,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  isBusy,
  isFull = true,
}: TFormProps<TMovementInput> & { activityId: string; initial?: Partial<TMovement>; isFull?: boolean }) {
  const { register, handleSubmit, formState, control, setValue } = useForm<TMovementForm, unknown, TMovementInput>({
    resolver: sharedResolver(ZMovementInput, toMovementInput(activityId), movementField),
    defaultValues: {
      name: initial?.name ?? '',
      description: initial?.description ?? '',
      mediaUrl: initial?.mediaUrl ?? '',
      unit: initial?.unit ?? 'reps',
      instructions: (initial?.instructions ?? []).map((text) => ({ text })),
      linkGroupId: initial?.movescore?.groupId ?? '',
      linkMovementId: initial?.movescore?.movementId ?? '',
      linkPerspectiveId: initial?.movescore?.perspectiveId ?? '',
    },
  });
  const steps = useFieldArray({ control, name: 'instructions' });
  const [linkGroupId, linkMovementId] = useWatch({ control, name: ['linkGroupId', 'linkMovementId'] });
  const link = useLinkOptions(linkGroupId, linkMovementId);
  const errors = formState.errors;
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit(onSubmit)}>
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <SelectField
        label="Unit"
        options={[
          { value: 'reps', label: 'Repetitions' },
          { value: 'seconds', label: 'Seconds' },
        ]}
        {...register('unit')}
      />
      <TextAreaField label="Description" error={errors.description?.message} {...register('description')} />
      {isFull ? (
        <>
          <TextField label="Media URL" type="url" placeholder="https://… or /path" error={errors.mediaUrl?.message} {...register('mediaUrl')} />
          <InstructionFields steps={steps} register={register} errors={errors} />
          <MovescoreLinkFields
            link={link}
            linkGroupId={linkGroupId}
            linkMovementId={linkMovementId}
            register={register}
            setValue={setValue}
            errors={errors}
          />
        </>
      ) : null}
      <FormActions submitLabel={submitLabel} isBusy={isBusy ?? false} {...(onCancel ? { onCancel } : {})} />
    </form>
  );
}
