/** Parts of the movement form (activity-forms.tsx): its instructions in order and its link to a movescore movement. */
import type { FieldErrors, UseFieldArrayReturn, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { SelectField } from './fields';
import { ReorderButtons } from './reorder-buttons';

/** The movement form's own shape: instructions as rows, the movescore link as three pickers. */
export type TMovementForm = {
  name: string;
  description: string;
  mediaUrl: string;
  unit: 'reps' | 'seconds';
  instructions: { text: string }[];
  linkGroupId: string;
  linkMovementId: string;
  linkPerspectiveId: string;
};

type TFieldsProps = { register: UseFormRegister<TMovementForm>; errors: FieldErrors<TMovementForm> };
type TOption = { value: string; label: string };

export function InstructionFields({ steps, register, errors }: TFieldsProps & { steps: UseFieldArrayReturn<TMovementForm, 'instructions'> }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Instructions, in order</legend>
      <ol className="flex flex-col gap-2">
        {steps.fields.map((field, index) => (
          <li key={field.id} className="flex items-start gap-2">
            <span className="mt-3 w-6 text-right text-sm text-muted">{index + 1}.</span>
            <TextField
              className="flex-1"
              label={`Instruction ${index + 1}`}
              error={errors.instructions?.[index]?.text?.message}
              {...register(`instructions.${index}.text`)}
            />
            <div className="mt-6">
              <ReorderButtons what="instruction" index={index} count={steps.fields.length} onMove={steps.move} onRemove={steps.remove} />
            </div>
          </li>
        ))}
      </ol>
      {errors.instructions?.message ? <p className="text-sm text-danger">{errors.instructions.message}</p> : null}
      <div>
        <Button variant="secondary" onClick={() => steps.append({ text: '' })}>
          Add instruction
        </Button>
      </div>
    </fieldset>
  );
}

type TLinkProps = TFieldsProps & {
  link: { groups: TOption[]; movements: TOption[]; perspectives: TOption[] };
  linkGroupId: string;
  linkMovementId: string;
  setValue: UseFormSetValue<TMovementForm>;
};

export function MovescoreLinkFields({ link, linkGroupId, linkMovementId, register, setValue, errors }: TLinkProps) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-3">
      <legend className="mb-1 text-sm font-medium">Movescore link</legend>
      <SelectField
        label="Group"
        options={link.groups}
        error={errors.linkGroupId?.message}
        {...register('linkGroupId', {
          onChange: () => {
            setValue('linkMovementId', '');
            setValue('linkPerspectiveId', '');
          },
        })}
      />
      <SelectField
        label="Movescore movement"
        options={link.movements}
        disabled={!linkGroupId}
        error={errors.linkMovementId ? 'Choose the movement to link' : undefined}
        {...register('linkMovementId', { onChange: () => setValue('linkPerspectiveId', '') })}
      />
      <SelectField label="Perspective" options={link.perspectives} disabled={!linkMovementId} {...register('linkPerspectiveId')} />
    </fieldset>
  );
}
