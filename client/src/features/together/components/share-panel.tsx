/**
 * How the host brings people in: the link as a QR code and as text to copy, and the 6-digit
 * code with its expiry; an expired code is replaced with "New code" (the link keeps working).
 */
import type { TGroupCode } from '@movelab/shared';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { clockTimeOf, JoinQrCode } from '@/components/ui/join-qr-code';
import { buildGroupLink } from '../lib/join-link';

type TShareProps = {
  groupId: string;
  /** The link's token, when this tab knows it (the host who created it, anyone who came by it). */
  joinToken: string | null;
  code: TGroupCode | null;
  onNewCode: () => void;
  isRenewing: boolean;
};

/** True once `until` (this device's clock) has passed; turns by itself. */
function useHasPassed(until: number | null): boolean {
  const [passed, setPassed] = useState<number | null>(null);
  useEffect(() => {
    if (until === null) return;
    const timer = setTimeout(() => setPassed(until), Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);
  return until !== null && passed === until;
}

function CopyLink({ link }: { link: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(link).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Link to share
      </label>
      <div className="flex min-w-0 flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={link}
          onFocus={(event) => event.target.select()}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-white/20 bg-background px-3 text-sm"
        />
        <Button variant="secondary" onClick={copy}>
          Copy link
        </Button>
      </div>
      <p role="status" className="text-sm text-muted">
        {copied ? 'Link copied.' : ''}
      </p>
    </div>
  );
}

function CodeBlock({ code, onNewCode, isRenewing }: Pick<TShareProps, 'code' | 'onNewCode' | 'isRenewing'>) {
  const hasExpired = useHasPassed(code?.codeExpiresAt ?? null);
  if (!code || hasExpired) {
    return (
      <div className="flex flex-col items-start gap-2">
        <p role="status">{code ? 'The code has expired. The link still works; for a code to type, ask for a new one.' : 'No code to type yet.'}</p>
        <Button variant="secondary" onClick={onNewCode} isLoading={isRenewing}>
          New code
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <p>Or type this code on the Practise together page:</p>
      <p aria-label="Session code" className="font-mono text-4xl tracking-[0.3em]">
        {code.code}
      </p>
      <p className="text-sm text-muted">Each person can use it once, until {clockTimeOf(code.codeExpiresAt)}.</p>
      <Button variant="ghost" onClick={onNewCode} isLoading={isRenewing}>
        New code
      </Button>
    </div>
  );
}

export function SharePanel({ groupId, joinToken, code, onNewCode, isRenewing }: TShareProps) {
  const link = joinToken ? buildGroupLink(window.location.origin, groupId, joinToken) : null;
  return (
    <section aria-labelledby="share-title" className="flex flex-col gap-4 rounded-2xl bg-surface p-4">
      <h2 id="share-title" className="text-lg font-semibold">
        Invite people
      </h2>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {link ? <JoinQrCode url={link} size={160} /> : null}
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          {link ? <CopyLink link={link} /> : null}
          <CodeBlock code={code} onNewCode={onNewCode} isRenewing={isRenewing} />
        </div>
      </div>
    </section>
  );
}
