import { zodResolver } from '@hookform/resolvers/zod';
import { ZGender, ZProfileUpdate, type TGender, type TUser } from '@movelab/shared';
import { useId, useState } from 'react';
import { Controller, useForm, type ControllerRenderProps } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { NumberInput } from '@/components/ui/number-input';
import { useSnackbar } from '@/components/ui/snackbar';
import { FieldError, TextField } from '@/components/ui/text-field';
import { profileChanges, useUpdateProfile } from '../api/update-profile';
import { ZProfileForm, type TProfileForm } from '../schemas';
import { isRecentLoginError, RecentLoginNotice } from './recent-login-notice';
import { useSettingsErrorHandler } from './use-settings-error';

const GENDER_LABELS: Record<TGender, string> = {
  female: 'Female',
  male: 'Male',
  'non-binary': 'Non-binary',
  'prefer-not-to-say': 'Prefer not to say',
};
const heightBounds = ZProfileUpdate.shape.height.unwrap().unwrap();

const formValues = (user: TUser): TProfileForm => ({
  displayName: user.displayName,
  email: user.email,
  height: user.height ?? null,
  gender: user.gender ?? null,
});

type TGenderField = ControllerRenderProps<TProfileForm, 'gender'>;

function GenderSelect({ field, error }: { field: TGenderField; error: string | undefined }) {
  const genderId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={genderId} className="text-sm font-medium text-on-surface">
        Gender
      </label>
      <select
        id={genderId}
        name={field.name}
        value={field.value ?? ''}
        onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${genderId}-error` : undefined}
        className="min-h-11 rounded-lg border border-white/20 bg-background px-3 text-base text-on-surface focus:border-primary focus:outline-none"
      >
        <option value="">Not set</option>
        {ZGender.options.map((gender) => (
          <option key={gender} value={gender}>
            {GENDER_LABELS[gender]}
          </option>
        ))}
      </select>
      <FieldError id={`${genderId}-error`} error={error} />
    </div>
  );
}

export function ProfileForm({ uid, user, onSignInAgain }: { uid: string; user: TUser; onSignInAgain: () => void }) {
  const updateProfile = useUpdateProfile(uid);
  const snackbar = useSnackbar();
  const onError = useSettingsErrorHandler();
  // A typed height outside the range is saved as its nearest end: the toast says which, not the typed value.
  const [heightNote, setHeightNote] = useState<string | null>(null);
  const { register, control, handleSubmit, formState, reset } = useForm<TProfileForm>({
    resolver: zodResolver(ZProfileForm),
    values: formValues(user),
  });
  const submit = handleSubmit((form) => {
    const changes = profileChanges(user, form);
    if (Object.keys(changes).length === 0) return;
    updateProfile.mutate(changes, {
      onError,
      onSuccess: (saved) => {
        reset(formValues(saved));
        snackbar.show(heightNote && changes.height !== undefined ? `Profile saved. ${heightNote}.` : 'Profile saved');
        setHeightNote(null);
      },
    });
  });
  const { errors } = formState;

  return (
    <form noValidate aria-label="Profile" className="flex flex-col gap-4" onSubmit={submit}>
      <TextField label="Display name" autoComplete="nickname" error={errors.displayName?.message} {...register('displayName')} />
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="height"
          render={({ field }) => (
            <NumberInput
              label="Height"
              unit="cm"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              onClampNote={setHeightNote}
              min={heightBounds.minValue ?? undefined}
              max={heightBounds.maxValue ?? undefined}
              error={errors.height?.message}
            />
          )}
        />
        <Controller control={control} name="gender" render={({ field }) => <GenderSelect field={field} error={errors.gender?.message} />} />
      </div>
      {updateProfile.isError && isRecentLoginError(updateProfile.error) ? (
        <RecentLoginNotice error={updateProfile.error} onSignInAgain={onSignInAgain} />
      ) : null}
      <Button type="submit" className="self-start" isLoading={updateProfile.isPending} disabled={!formState.isDirty}>
        Save profile
      </Button>
    </form>
  );
}
