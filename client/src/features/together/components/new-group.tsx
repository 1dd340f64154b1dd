/**
 * /together/new?routine=<id> (or movement=<id>, and invite=<uid>): opens a group session for
 * that plan, then goes to its page with the link's token in the address (`#<joinToken>`).
 */
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page';
import { InlineError, InlineLoading } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/errors';
import { groupPlanOf, usePlanView, type TPlanRequest } from '../api/get-plan';
import { useCreateGroup } from '../hooks/use-create-group';
import { groupErrorText, isFinalRefusal } from '../lib/messages';

/** The plan the address asks for, or null when it names none. */
export function planRequestOf(search: URLSearchParams): TPlanRequest | null {
  const routineId = search.get('routine');
  const movementId = search.get('movement');
  if (routineId) return { routineId };
  return movementId ? { movementId } : null;
}

function Opening({ request, inviteUid }: { request: TPlanRequest; inviteUid: string | null }) {
  const navigate = useNavigate();
  const view = usePlanView(request);
  const plan = useMemo(() => (view.data ? groupPlanOf(view.data) : null), [view.data]);
  const created = useCreateGroup(plan, inviteUid, ({ groupId, joinToken }) => {
    void navigate({ pathname: paths.togetherSession({ groupId }), hash: joinToken ? encodeURIComponent(joinToken) : '' }, { replace: true });
  });
  if (view.isError) return <InlineError message={`This session cannot be opened: ${errorText(view.error)}`} onRetry={() => void view.refetch()} />;
  if (created.error) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="rounded-lg border border-danger/50 bg-danger/10 p-3">
          {groupErrorText(created.error)}
        </p>
        {isFinalRefusal(created.error) ? null : <Button onClick={created.retry}>Try again</Button>}
      </div>
    );
  }
  return <InlineLoading label={created.isConnected || !view.data ? 'Opening a session…' : 'Connecting to the server…'} />;
}

export function NewGroup({ search }: { search: URLSearchParams }) {
  const request = planRequestOf(search);
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>Practise together</PageTitle>
      {request ? (
        <Opening request={request} inviteUid={search.get('invite')} />
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p>Choose a routine or a movement to practise together: each routine and movement on Discover has “Practise together”.</p>
          <Link to={paths.discover()} className={buttonClasses('primary')}>
            Go to Discover
          </Link>
        </div>
      )}
    </div>
  );
}
