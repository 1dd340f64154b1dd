import { PRODUCT_NAME } from '@movelab/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useIsOnline } from '@/lib/offline/online';
import { Button, buttonClasses, Spinner } from './button';

/** Whole-screen wait while the app starts (config, backend, auth state, user record). */
export function LoadingScreen({ label = `Loading ${PRODUCT_NAME}…` }: { label?: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-background">
      <img src="/logo.svg" alt="" width={176} height={38} />
      <Spinner label={label} />
    </div>
  );
}

/** Whole-screen failure with a way to try again. */
export function ErrorScreen({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background p-6 text-center">
      <img src="/logo.svg" alt="" width={176} height={38} />
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="max-w-md text-muted">{message}</p>
      <Button onClick={onRetry}>Retry</Button>
    </div>
  );
}

/**
 * Inline states for a block of server data. Offline, a block still loading has no copy on the
 * device (the query is paused until the network returns): say so instead of spinning.
 */
export function InlineLoading({ label }: { label: string }) {
  const isOnline = useIsOnline();
  if (!isOnline) {
    return (
      <p role="status" className="rounded-lg bg-surface/60 p-4 text-sm text-muted">
        You are offline and this part has not been opened on this device before, so there is no copy of it here. It
        loads by itself when the connection returns.
      </p>
    );
  }
  return (
    <div className="py-6">
      <Spinner size={20} label={label} />
    </div>
  );
}

/**
 * A failed block of server data. "Try again" runs `onRetry` and also refetches every other
 * failed query on screen, so the whole page comes back (names looked up elsewhere too).
 */
export function InlineError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const queryClient = useQueryClient();
  const retry = onRetry
    ? () => {
        onRetry();
        void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' }, { cancelRefetch: false });
      }
    : undefined;
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm">
      <span>{message}</span>
      {retry ? (
        <Button variant="ghost" onClick={retry} className="min-h-9">
          Try again
        </Button>
      ) : null}
    </div>
  );
}

export function EmptyState({ children }: { children: React.ReactNode }) {
  return <p className="rounded-lg bg-surface/60 p-4 text-sm text-muted">{children}</p>;
}

/** A page whose record does not exist (deleted, or a mistyped link), with a way back. */
export function NotFoundState({
  title,
  message,
  backTo,
  backLabel,
}: {
  title: string;
  message: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <div className="flex flex-col items-start gap-4">
      <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{title}</h1>
      <p className="rounded-xl bg-surface p-6 text-muted">{message}</p>
      <Link to={backTo} className={buttonClasses('primary')}>
        {backLabel}
      </Link>
    </div>
  );
}
