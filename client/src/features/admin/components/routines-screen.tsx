/** An activity's routines: ordered steps (a movement for reps or seconds, then rest), created, edited, reordered and deleted. */
import { useFieldArray, useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { ZRoutineInput, type TMovement, type TRoutine, type TRoutineInput } from '@movelab/shared';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useActivity, useActivityMovements, useActivityRoutines, useRoutineMutations } from '../api/activities';
import { sharedResolver } from '../lib/shared-resolver';
import { CrudRowActions, LevelDialogs, useCrudDialogs } from './crud';
import { FormActions } from '@/components/ui/dialogs';
import { ReorderButtons } from './reorder-buttons';
import { SelectField, TextAreaField } from './fields';
import { AdminPage, Card } from './layout';
import { QueryView } from './states';

type TStepRow = { movementId: string; mode: 'reps' | 'seconds'; amount: number; restSeconds: number };
type TRoutineForm = { name: string; description: string; steps: TStepRow[] };

const toRoutineInput = (activityId: string) => (values: TRoutineForm) => ({
  activityId,
  name: values.name,
  description: values.description,
  steps: values.steps.map((step) => ({ movementId: step.movementId, [step.mode]: step.amount, restSeconds: step.restSeconds })),
});

/** A step's reps or seconds issue belongs to its "amount" field. */
function routineField(path: readonly PropertyKey[]): (string | number)[] {
  const [head, index, field] = path;
  if (head === 'steps' && typeof index === 'number') {
    if (field === 'movementId' || field === 'restSeconds') return ['steps', index, field];
    return ['steps', index, 'amount'];
  }
  return path.map((key) => (typeof key === 'number' ? key : String(key)));
}

const rowOf = (step: TRoutine['steps'][number]): TStepRow => ({
  movementId: step.movementId,
  mode: step.seconds !== undefined ? 'seconds' : 'reps',
  amount: step.seconds ?? step.reps ?? 10,
  restSeconds: step.restSeconds,
});

type TStepRowProps = {
  index: number;
  count: number;
  movementOptions: { value: string; label: string }[];
  register: UseFormRegister<TRoutineForm>;
  errors: FieldErrors<TStepRow> | undefined;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
};

/** One step of the routine form: its movement, what it counts, how many and the rest after it. */
function StepRow({ index, count, movementOptions, register, errors, onMove, onRemove }: TStepRowProps) {
  return (
    <li aria-label={`Step ${index + 1}`} className="flex flex-col gap-2 rounded-lg border border-white/10 p-3">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-semibold">Step {index + 1}</span>
        <ReorderButtons what="step" index={index} count={count} onMove={onMove} onRemove={onRemove} />
      </div>
      <div className="grid gap-2 sm:grid-cols-4">
        <SelectField
          label={`Step ${index + 1} movement`}
          options={movementOptions}
          error={errors?.movementId ? 'Choose a movement' : undefined}
          {...register(`steps.${index}.movementId`)}
        />
        <SelectField
          label={`Step ${index + 1} counts`}
          options={[
            { value: 'reps', label: 'Repetitions' },
            { value: 'seconds', label: 'Seconds' },
          ]}
          {...register(`steps.${index}.mode`)}
        />
        <TextField
          label={`Step ${index + 1} amount`}
          type="number"
          inputMode="numeric"
          min={1}
          error={errors?.amount?.message}
          {...register(`steps.${index}.amount`, { valueAsNumber: true })}
        />
        <TextField
          label={`Step ${index + 1} rest (s)`}
          type="number"
          inputMode="numeric"
          min={0}
          error={errors?.restSeconds?.message}
          {...register(`steps.${index}.restSeconds`, { valueAsNumber: true })}
        />
      </div>
    </li>
  );
}

function RoutineForm({
  activityId,
  movements,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  activityId: string;
  movements: TMovement[];
  initial?: TRoutine;
  submitLabel: string;
  onSubmit: (values: TRoutineInput) => void;
  onCancel: () => void;
}) {
  const firstMovement = movements[0];
  const newStep = (): TStepRow => ({ movementId: firstMovement?.id ?? '', mode: firstMovement?.unit ?? 'reps', amount: 10, restSeconds: 30 });
  const { register, handleSubmit, formState, control } = useForm<TRoutineForm, unknown, TRoutineInput>({
    resolver: sharedResolver(ZRoutineInput, toRoutineInput(activityId), routineField),
    defaultValues: { name: initial?.name ?? '', description: initial?.description ?? '', steps: initial ? initial.steps.map(rowOf) : [newStep()] },
  });
  const steps = useFieldArray({ control, name: 'steps' });
  const errors = formState.errors;
  const movementOptions = [{ value: '', label: 'Choose a movement' }, ...movements.map((movement) => ({ value: movement.id, label: movement.name }))];
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit(onSubmit)}>
      <TextField label="Routine name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextAreaField label="Description" error={errors.description?.message} {...register('description')} />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">Steps, in order</legend>
        <ol className="flex flex-col gap-3">
          {steps.fields.map((field, index) => (
            <StepRow
              key={field.id}
              index={index}
              count={steps.fields.length}
              movementOptions={movementOptions}
              register={register}
              errors={errors.steps?.[index]}
              onMove={steps.move}
              onRemove={steps.remove}
            />
          ))}
        </ol>
        {errors.steps?.message || errors.steps?.root?.message ? (
          <p role="alert" className="text-sm text-danger">
            {errors.steps?.message ?? errors.steps?.root?.message}
          </p>
        ) : null}
        <div>
          <Button variant="secondary" onClick={() => steps.append(newStep())}>
            Add step
          </Button>
        </div>
      </fieldset>
      <FormActions submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}

function stepSummary(routine: TRoutine, movements: TMovement[]): string[] {
  const nameOf = (id: string) => movements.find((movement) => movement.id === id)?.name ?? 'Deleted movement';
  return routine.steps.map(
    (step) => `${nameOf(step.movementId)}: ${step.reps !== undefined ? `${step.reps} reps` : `${step.seconds} s`}, rest ${step.restSeconds} s`,
  );
}

export function RoutinesScreen({ activityId }: { activityId: string }) {
  const activity = useActivity(activityId);
  const movements = useActivityMovements(activityId);
  const routines = useActivityRoutines(activityId);
  const mutations = useRoutineMutations(activityId);
  const crud = useCrudDialogs<TRoutine>();
  const name = activity.data?.name ?? 'Activity';
  const movementList = movements.data ?? [];
  return (
    <AdminPage
      title={`Routines of ${name}`}
      crumbs={[
        { label: 'Activities', to: paths.adminActivities() },
        { label: name, to: paths.adminActivity({ activityId }) },
        { label: 'Routines', to: paths.adminRoutines({ activityId }) },
      ]}
      action={
        <Button onClick={crud.create} disabled={movementList.length === 0}>
          New routine
        </Button>
      }
    >
      {movements.isSuccess && movementList.length === 0 ? (
        <p className="text-sm text-muted">Add movements to the activity first: a routine is made of them.</p>
      ) : null}
      <QueryView query={routines} loading="Loading routines…" empty="No routines yet.">
        {(list) => (
          <ul aria-label="Routines" className="grid gap-3 md:grid-cols-2">
            {list.map((routine) => (
              <li key={routine.id}>
                <Card title={routine.name}>
                  {routine.description ? <p className="text-sm text-muted">{routine.description}</p> : null}
                  <ol className="list-decimal pl-5 text-sm">
                    {stepSummary(routine, movementList).map((line, index) => (
                      <li key={index}>{line}</li>
                    ))}
                  </ol>
                  <div className="flex gap-1">
                    <CrudRowActions crud={crud} item={routine} />
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <LevelDialogs
        crud={crud}
        mutations={mutations}
        what="routine"
        saveLabel="Save routine"
        form={(form) => <RoutineForm activityId={activityId} movements={movementList} {...form} />}
        deleteMessage={(routine) => `“${routine.name}” will be deleted; users subscribed to it no longer see it.`}
      />
    </AdminPage>
  );
}
