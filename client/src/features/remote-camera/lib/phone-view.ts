/**
 * What the phone's camera page shows for a state, shared by its two views: the React component
 * (components/phone-camera.tsx, in the app) and the phone page's plain DOM view
 * (client/src/phone-main.ts, opened from a join link).
 */
import type { TPerspectiveView } from '@movelab/shared/remote-session';
import type { TCameraPhase, TCameraState } from './camera-state';
import { isLinkRefused } from './messages';
import type { TFacing, TQuality } from './rejoin-store';

export const phaseText: Record<TCameraPhase, string> = {
  idle: 'Ready',
  joining: 'Joining the session…',
  connecting: 'Connecting to the desktop…',
  live: 'Streaming to the desktop',
  reconnecting: 'Reconnecting…',
  ended: 'Stopped',
  failed: 'Not streaming',
};

/** Under the status while the phone is paired but has not started: the desktop sees nothing yet. */
export const READY_HINT_TEXT = 'Paired. The desktop sees nothing until you tap Start streaming.';
export const OFFLINE_TEXT = 'No network: the stream goes on while it can and recovers when the network is back.';
export const CODE_ERROR_TEXT = 'The code has 6 digits.';
/** The camera and quality choices, as [value, label]. */
export const FACING_OPTIONS: readonly [TFacing, string][] = [
  ['environment', 'Back camera'],
  ['user', 'Front camera'],
];
export const QUALITY_OPTIONS: readonly [TQuality, string][] = [
  ['480p', '480p (saves data)'],
  ['720p', '720p'],
];
export const selectClasses = 'min-h-11 rounded-lg border border-white/20 bg-surface px-3';

export function isStreaming(phase: TCameraPhase): boolean {
  return phase === 'joining' || phase === 'connecting' || phase === 'live' || phase === 'reconnecting';
}

/** The status line: the phase, and the desktop's name once joined. */
export function statusText(state: TCameraState, hostName: string | undefined): string {
  return `${phaseText[state.phase]}${hostName && state.phase !== 'ended' ? ` · ${hostName}` : ''}`;
}

/** Whether the phone is paired with the desktop but sends nothing yet (before Start). */
export function isPairedIdle(phase: TCameraPhase, isJoined: boolean): boolean {
  return phase === 'idle' && isJoined;
}

/** Whether the page's join link can still be used: not once the gateway refused it (the code is the way left then). */
export function hasUsableLink(hasLink: boolean, state: TCameraState): boolean {
  return hasLink && !(state.phase === 'failed' && isLinkRefused(state.error));
}

/** Without a link, the code is needed, unless a stored place can be resumed (used up once a start ended or failed). */
export function needsCode(hasLink: boolean, hasStored: boolean, phase: TCameraPhase): boolean {
  return !hasLink && (!hasStored || phase !== 'idle');
}

/** Where to put the phone for the view of the movement the desktop will film; general advice before it has chosen one. */
const PLACEMENT_SIDE: Readonly<Record<TPerspectiveView, string>> = {
  side: 'side-on to you',
  front: 'facing you',
  back: 'behind you',
  other: 'where it sees the whole movement',
};
const PLACEMENT = 'Stand the phone upright about 2–3 m away at hip height, ';
export const GENERAL_PLACEMENT_TEXT = `${PLACEMENT}propped so it cannot move. Once a movement is chosen on the desktop, this says which side to film from.`;
export const FRAMING_TEXT = 'Keep all of you in the picture, head to feet, with a little space around you.';

export function placementText(view: TPerspectiveView | null): string {
  return view ? `${PLACEMENT}${PLACEMENT_SIDE[view]}.` : GENERAL_PLACEMENT_TEXT;
}

/** The classes of a camera's <video>; the front camera is shown mirrored, like a mirror. */
export function streamVideoClasses(isMirrored: boolean): string {
  return `aspect-video w-full rounded-xl bg-black object-contain ${isMirrored ? '-scale-x-100' : ''}`;
}
