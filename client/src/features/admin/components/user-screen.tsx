/** One user: profile, ADMIN role, account state, activities, subscriptions and analysis history. */
import { useState } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { isAdmin, scorePercent, scoreText, type TUser, type TVideoAnalysis } from '@movelab/shared';
import { Button } from '@/components/ui/button';
import { EmptyState, NotFoundState } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/errors';
import { useAppStore } from '@/stores/app-store';
import { useAdminUser, useSetAdmin, useSetDisabled, useUserAnalyses, useUserLists } from '../api/users';
import { useGroupNames } from '../api/group-names';
import { ConfirmDialog } from '@/components/ui/dialogs';
import { AdminPage, Card } from './layout';
import { RecordList } from './record-list';
import { QueryView } from './states';
import { userTitle } from './user-title';

const dateText = (iso: string | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

function Profile({ user }: { user: TUser }) {
  const rows: [string, string][] = [
    ['Display name', user.displayName],
    ['E-mail', user.email],
    ['User id', user.id],
    ['Height', user.height ? `${user.height} cm` : '—'],
    ['Gender', user.gender ?? '—'],
    ['Member since', dateText(user.createdAt)],
    ['Roles', user.roles.length ? user.roles.join(', ') : 'none'],
    ['Account', user.disabled ? 'Disabled' : 'Active'],
  ];
  if (user.unreadableFields) {
    rows.unshift(['Unreadable fields', `${user.unreadableFields.join(', ')}: stored in a form the app cannot read, left out here`]);
  }
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-sm text-muted">{term}</dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type TPendingChange = { kind: 'admin'; isGranting: boolean } | { kind: 'disabled'; isDisabling: boolean };

/** Grant or revoke ADMIN and disable or enable the account, each after a confirmation; refusals show in the dialog. */
function AccessControls({ user }: { user: TUser }) {
  const setAdmin = useSetAdmin(user.id);
  const setDisabled = useSetDisabled(user.id);
  const selfId = useAppStore((state) => state.currentUser?.uid);
  const [pending, setPending] = useState<TPendingChange | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hasAdmin = isAdmin(user.roles);
  const close = () => {
    setPending(null);
    setError(null);
  };
  const onError = (failure: unknown) => setError(errorText(failure));

  const dialog =
    pending?.kind === 'admin'
      ? {
          title: pending.isGranting ? 'Grant ADMIN?' : 'Revoke ADMIN?',
          message: pending.isGranting
            ? `${userTitle(user)} will be able to open the administration area and change users and content.`
            : `${userTitle(user)} will lose access to the administration area at once.`,
          confirmLabel: pending.isGranting ? 'Grant ADMIN' : 'Revoke ADMIN',
          run: () => setAdmin.mutate({ roles: user.roles, isAdmin: pending.isGranting }, { onSuccess: close, onError }),
        }
      : pending?.kind === 'disabled'
        ? {
            title: pending.isDisabling ? 'Disable account?' : 'Enable account?',
            message: pending.isDisabling
              ? `${userTitle(user)} is signed out everywhere and cannot sign in until the account is enabled again.`
              : `${userTitle(user)} will be able to sign in again.`,
            confirmLabel: pending.isDisabling ? 'Disable account' : 'Enable account',
            run: () => setDisabled.mutate(pending.isDisabling, { onSuccess: close, onError }),
          }
        : null;

  return (
    <Card title="Access">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setPending({ kind: 'admin', isGranting: !hasAdmin })}>
          {hasAdmin ? 'Revoke ADMIN' : 'Grant ADMIN'}
        </Button>
        {user.id === selfId ? null : (
          <Button variant="secondary" onClick={() => setPending({ kind: 'disabled', isDisabling: !user.disabled })}>
            {user.disabled ? 'Enable account' : 'Disable account'}
          </Button>
        )}
      </div>
      <ConfirmDialog
        isOpen={dialog !== null}
        title={dialog?.title ?? ''}
        message={dialog?.message ?? ''}
        confirmLabel={dialog?.confirmLabel ?? ''}
        isBusy={setAdmin.isPending || setDisabled.isPending}
        error={error}
        onClose={close}
        onConfirm={() => dialog?.run()}
      />
    </Card>
  );
}

function Lists({ user }: { user: TUser }) {
  const { activities, routines } = useUserLists(user);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card title="Activities">
        <QueryView query={activities} loading="Loading activities…" empty="No activities added.">
          {(list) => (
            <ul className="flex flex-col gap-1">
              {list.map((activity) => (
                <li key={activity.id}>{activity.name}</li>
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
      <Card title="Routine subscriptions">
        <QueryView query={routines} loading="Loading routines…" empty="No routine subscriptions.">
          {(list) => (
            <ul className="flex flex-col gap-1">
              {list.map((routine) => (
                <li key={routine.id}>{routine.name}</li>
              ))}
            </ul>
          )}
        </QueryView>
      </Card>
    </div>
  );
}

function ScoreChart({ analyses }: { analyses: TVideoAnalysis[] }) {
  // An analysis whose form was not judged has no score: no point.
  const points = [...analyses]
    .reverse()
    .flatMap((analysis) => (analysis.score === null ? [] : [{ at: new Date(analysis.createdAt).toLocaleDateString(), score: scorePercent(analysis.score) }]));
  return (
    <figure aria-label="Score over time" className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid stroke="rgba(255,255,255,0.08)" />
          <XAxis dataKey="at" stroke="#a8a8a8" fontSize={12} />
          <YAxis domain={[0, 100]} stroke="#a8a8a8" fontSize={12} unit="%" />
          <Tooltip contentStyle={{ background: '#2c2c2c', border: 'none' }} />
          <Line type="monotone" dataKey="score" stroke="#00e0ff" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}

function History({ uid }: { uid: string }) {
  const analyses = useUserAnalyses(uid);
  const names = useGroupNames((analyses.data ?? []).map((analysis) => analysis.groupId));
  return (
    <Card title="Video analyses">
      <QueryView query={analyses} loading="Loading analyses…" empty="No analyses yet.">
        {(list) => (
          <>
            {list.length > 1 ? <ScoreChart analyses={list} /> : null}
            <RecordList
              label="Analyses"
              items={list}
              columns={[
                { header: 'When', isMain: true, cell: (analysis) => dateText(analysis.createdAt) },
                { header: 'Group', cell: (analysis) => names.get(analysis.groupId) ?? analysis.groupId },
                { header: 'Score', cell: (analysis) => scoreText(analysis.score) },
              ]}
            />
          </>
        )}
      </QueryView>
    </Card>
  );
}

export function UserScreen({ userId }: { userId: string }) {
  const user = useAdminUser(userId);
  if (user.data === null) {
    return <NotFoundState title="User not found" message="There is no user with this id." backTo={paths.adminUsers()} backLabel="All users" />;
  }
  const name = user.data ? userTitle(user.data) : 'User';
  return (
    <AdminPage title={name} crumbs={[{ label: 'Users', to: paths.adminUsers() }, { label: name, to: paths.adminUser({ userId }) }]}>
      <QueryView query={user} loading="Loading the user…">
        {(data) =>
          data ? (
            <>
              <Card title="Profile">
                <Profile user={data} />
              </Card>
              <AccessControls user={data} />
              <Lists user={data} />
              <History uid={data.id} />
            </>
          ) : (
            <EmptyState>No such user.</EmptyState>
          )
        }
      </QueryView>
    </AdminPage>
  );
}
