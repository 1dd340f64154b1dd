/** Someone who opened a session's link: join it to practise, or only to watch the board (a class). */
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { groupErrorText, type TGroupError } from '../lib/messages';

export function WatchOnly({ isWatching, onChange }: { isWatching: boolean; onChange: (isWatching: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={isWatching}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 size-5 accent-primary"
        aria-describedby={`${id}-hint`}
      />
      <span className="flex flex-col">
        <label htmlFor={id} className="font-medium">
          Watch only
        </label>
        <span id={`${id}-hint`} className="text-sm text-muted">
          See everyone’s count without practising (a class, a coach). Up to 8 people practise; more may watch.
        </span>
      </span>
    </div>
  );
}

export function JoinPrompt({
  onJoin,
  isJoining,
  error,
}: {
  onJoin: (role: 'practising' | 'watching') => void;
  isJoining: boolean;
  error: TGroupError | null;
}) {
  const [isWatching, setWatching] = useState(false);
  return (
    <section aria-labelledby="join-title" className="flex max-w-xl flex-col gap-4 rounded-2xl bg-surface p-4">
      <h2 id="join-title" className="text-lg font-semibold">
        You are invited to practise together
      </h2>
      <p className="text-muted">Each person uses their own camera; only the counts are shared, never the video.</p>
      <WatchOnly isWatching={isWatching} onChange={setWatching} />
      {error ? (
        <p role="alert" className="rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm">
          {groupErrorText(error)}
        </p>
      ) : null}
      <Button className="self-start" isLoading={isJoining} onClick={() => onJoin(isWatching ? 'watching' : 'practising')}>
        Join the session
      </Button>
    </section>
  );
}
