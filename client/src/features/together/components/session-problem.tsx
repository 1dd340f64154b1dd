/** Why the session cannot be shown (a bad or used link, a full or ended session, no network), and the ways on. */
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { groupErrorText, isFinalRefusal, type TGroupError } from '../lib/messages';

export function SessionProblem({ error, onRetry }: { error: TGroupError; onRetry: () => void }) {
  return (
    <section aria-labelledby="problem-title" className="flex max-w-xl flex-col items-start gap-4">
      <h2 id="problem-title" className="text-lg font-semibold">
        This session cannot be opened
      </h2>
      <p role="alert" className="rounded-lg border border-danger/50 bg-danger/10 p-3">
        {groupErrorText(error)}
      </p>
      <div className="flex flex-wrap gap-2">
        {isFinalRefusal(error) ? null : <Button onClick={onRetry}>Try again</Button>}
        <Link to={paths.together()} className={buttonClasses('secondary')}>
          Join with a code
        </Link>
        <Link to={paths.discover()} className={buttonClasses('ghost')}>
          Back to Discover
        </Link>
      </div>
    </section>
  );
}
