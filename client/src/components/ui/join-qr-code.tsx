/**
 * A join link as a QR code to scan (Remote Cam's phone, a group session's members): the link is
 * the element's href and `data-join-url`, for a test or a long press; a click does not follow it
 * (it is the page's own address elsewhere).
 */
import { QRCodeSVG } from 'qrcode.react';

export function JoinQrCode({ url, size = 192, label = 'Join link' }: { url: string; size?: number; label?: string }) {
  return (
    <a href={url} aria-label={label} data-join-url={url} className="shrink-0 rounded-lg bg-white p-3" onClick={(event) => event.preventDefault()}>
      <QRCodeSVG value={url} size={size} level="M" title="QR code of the join link" />
    </a>
  );
}

/** "14:05": when a code or a session ends, as the clock on the wall says it. */
export const clockTimeOf = (epochMs: number) => new Date(epochMs).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
