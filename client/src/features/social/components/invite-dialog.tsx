/**
 * Invite a friend to practise together: choose a routine of the catalogue, then the new session's
 * page opens (/together/new?routine=…&invite=…), which creates the session and sends the invitation.
 */
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormActions, FormDialog } from '@/components/ui/dialogs';
import { EmptyState, InlineError, InlineLoading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/errors';
import { useRoutineChoices } from '../api/get-routine-choices';
import { friendName, type TPracticeFriend, type TRoutineChoices } from '../lib/friends';

const selectClasses = 'min-h-11 w-full min-w-0 rounded-lg border border-white/20 bg-surface px-3';

function RoutineSelect({ choices, value, onChange }: { choices: TRoutineChoices; value: string; onChange: (routineId: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Routine
      </label>
      <select id={id} required className={selectClasses} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="" disabled>
          Choose a routine
        </option>
        {choices.map(({ activity, routines }) => (
          <optgroup key={activity.id} label={activity.name}>
            {routines.map((routine) => (
              <option key={routine.id} value={routine.id}>
                {routine.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

function InviteForm({ friend, onCancel }: { friend: TPracticeFriend; onCancel: () => void }) {
  const navigate = useNavigate();
  const routines = useRoutineChoices(true);
  const [routineId, setRoutineId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!routineId) return setError('Choose a routine to practise.');
    navigate(paths.togetherNew({ routine: routineId }, friend.uid));
  };

  if (routines.error) {
    return <InlineError message={`The routines could not be loaded: ${errorText(routines.error)}`} onRetry={() => void routines.refetch()} />;
  }
  if (routines.isPending) return <InlineLoading label="Loading the routines…" />;
  if (routines.choices.length === 0) return <EmptyState>There is no routine in the catalogue yet to practise together.</EmptyState>;
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <p className="text-sm text-muted">
        A new session opens for you, and {friendName(friend)} gets the invitation: live in their app if it is open, and as a link you can send.
      </p>
      <RoutineSelect
        choices={routines.choices}
        value={routineId}
        onChange={(id) => {
          setRoutineId(id);
          setError(null);
        }}
      />
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <FormActions onCancel={onCancel} submitLabel="Start and invite" />
    </form>
  );
}

/** Open while `friend` is set; Escape, Cancel or a click outside closes it. */
export function InviteDialog({ friend, onClose }: { friend: TPracticeFriend | null; onClose: () => void }) {
  return (
    <FormDialog isOpen={friend !== null} onClose={onClose} title={friend ? `Invite ${friendName(friend)} to practise` : ''}>
      {friend ? <InviteForm friend={friend} onCancel={onClose} /> : null}
    </FormDialog>
  );
}
