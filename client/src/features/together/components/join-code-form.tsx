/** "Join with a code": the 6 digits on the host's screen (spaces and dashes allowed), to practise or only watch. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useJoinByCode } from '../hooks/use-join-by-code';
import { groupErrorText } from '../lib/messages';
import { WatchOnly } from './join-prompt';

export const ZJoinCodeForm = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'The code has 6 digits')),
  isWatching: z.boolean(),
});
type TJoinCodeInput = z.input<typeof ZJoinCodeForm>;
type TJoinCodeForm = z.output<typeof ZJoinCodeForm>;

export function JoinCodeForm() {
  const navigate = useNavigate();
  const { join, isConnected } = useJoinByCode();
  const { register, control, handleSubmit, setError, formState } = useForm<TJoinCodeInput, unknown, TJoinCodeForm>({
    resolver: zodResolver(ZJoinCodeForm),
    defaultValues: { code: '', isWatching: false },
  });
  const submit = handleSubmit(async ({ code, isWatching }) => {
    const joined = await join(code, isWatching ? 'watching' : 'practising');
    if ('error' in joined) return setError('root', { message: groupErrorText(joined.error) });
    void navigate(paths.togetherSession({ groupId: joined.groupId }));
  });
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="join-code-title"
      className="flex max-w-md flex-col gap-4 rounded-2xl bg-surface p-4"
    >
      <h2 id="join-code-title" className="text-lg font-semibold">
        Join with a code
      </h2>
      <TextField
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        hint="The 6 digits on the host’s screen"
        error={formState.errors.code?.message}
        {...register('code')}
      />
      <Controller control={control} name="isWatching" render={({ field }) => <WatchOnly isWatching={field.value} onChange={field.onChange} />} />
      {formState.errors.root?.message ? (
        <p role="alert" className="rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm">
          {formState.errors.root.message}
        </p>
      ) : null}
      <Button type="submit" className="self-start" isLoading={formState.isSubmitting} disabled={!isConnected}>
        Join
      </Button>
    </form>
  );
}
