/**
 * The phone's page on its own (client/phone.html, served for join links
 * `/remote-streaming/:sessionId`): only the camera, the socket and WebRTC, without React, the
 * app shell, the router or a backend, so a phone shows Start as soon as possible. A plain DOM
 * view over the same controller (features/remote-camera/lib/phone-camera.ts) and the same texts
 * (lib/phone-view.ts) as the app's React page; typing a code instead happens in the full app at
 * `/remote-streaming`, unless the link here is broken.
 */
// First: the socket connects while the modules below are evaluated.
import { earlySocket } from './phone-socket';
import { buttonClasses } from '@/components/ui/button-classes';
import { DEFAULT_FACING, DEFAULT_QUALITY } from '@/features/remote-camera/lib/camera-constraints';
import { normalizeCode, parseJoinLink } from '@/features/remote-camera/lib/join-url';
import { markRemote } from '@/features/remote-camera/lib/marks';
import { BROKEN_LINK_TEXT, endedText, socketErrorText } from '@/features/remote-camera/lib/messages';
import { createPhoneCamera } from '@/features/remote-camera/lib/phone-camera';
import {
  CODE_ERROR_TEXT,
  FACING_OPTIONS,
  FRAMING_TEXT,
  hasUsableLink,
  isPairedIdle,
  isStreaming,
  needsCode,
  OFFLINE_TEXT,
  placementText,
  READY_HINT_TEXT,
  QUALITY_OPTIONS,
  selectClasses,
  statusText,
  streamVideoClasses,
} from '@/features/remote-camera/lib/phone-view';
import { readStoredCamera, type TFacing, type TQuality } from '@/features/remote-camera/lib/rejoin-store';
import './phone.css';

type TAttributes = Record<string, string | boolean>;

/** An element with its attributes (`true`: present, `false`: left out) and children. */
function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: TAttributes = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, '');
    else if (value !== false) element.setAttribute(name, value);
  }
  element.append(...children);
  return element;
}

function select(options: readonly (readonly [string, string])[], value: string): HTMLSelectElement {
  const element = h('select', { class: selectClasses }, ...options.map(([optionValue, label]) => h('option', { value: optionValue }, label)));
  element.value = value;
  return element;
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const sessionId = /^\/remote-streaming\/([^/]+)\/?$/.exec(window.location.pathname)?.[1];
const link = parseJoinLink(sessionId, window.location.hash);
const stored = readStoredCamera(sessionStorage, sessionId);
/** A join link whose token is missing or damaged (not a reload after a code, which has no token): said at once, with the code as the way left. */
const isBrokenLink = !!sessionId && !link && !stored;
const camera = createPhoneCamera({ socket: earlySocket });
/** From a join link (or back after a reload) the preview opens before Start: its place is kept from the first paint, so Start does not move under a finger. */
const isEarly = !!(link || stored);

// One line, however long the desktop's name: a status growing to two would move Start down.
const status = h('p', { role: 'status', 'aria-label': 'Camera state', class: 'truncate font-semibold' });
const readyHint = h('p', { class: 'text-sm text-muted', hidden: true }, READY_HINT_TEXT);
const offline = h('p', { role: 'note', 'aria-label': 'Network', class: 'text-sm text-muted', hidden: true }, OFFLINE_TEXT);
const alert = h('p', { role: 'alert', class: 'rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm', hidden: true });
const ended = h('p', { class: 'text-muted', hidden: true });
const preview = h('video', { 'aria-label': 'Your camera', muted: true, playsinline: true, autoplay: true, hidden: true });
preview.muted = true;
const placementLine = h('p', { 'data-testid': 'placement-text' });
const placement = h(
  'section',
  { 'aria-labelledby': 'placement-title', class: 'flex flex-col gap-1 rounded-lg bg-surface p-3 text-sm', hidden: true },
  h('h2', { id: 'placement-title', class: 'font-semibold' }, 'Where to put the phone'),
  placementLine,
  h('p', { class: 'text-muted' }, FRAMING_TEXT),
);
const stop = h('button', { type: 'button', class: buttonClasses('secondary'), hidden: true }, 'Stop');
const codeInput = h('input', {
  inputmode: 'numeric',
  autocomplete: 'one-time-code',
  maxlength: '7',
  class: `${selectClasses} font-mono text-2xl tracking-widest`,
});
const codeError = h('span', { class: 'text-sm text-danger', hidden: true });
/** A labelled field of the form (one helper: the page has a JavaScript budget). */
const field = (label: string, ...controls: Node[]) => h('label', { class: 'flex flex-col gap-1' }, h('span', {}, label), ...controls);
const codeField = field('Code shown on the desktop', codeInput, codeError);
const facing = select(FACING_OPTIONS, stored?.facing ?? DEFAULT_FACING);
const quality = select(QUALITY_OPTIONS, stored?.quality ?? DEFAULT_QUALITY);
const chosen = () => ({ facing: facing.value as TFacing, quality: quality.value as TQuality });
const form = h(
  'form',
  { class: 'flex flex-col gap-3', novalidate: true },
  codeField,
  field('Camera', facing),
  field('Quality', quality),
  h('button', { type: 'submit', class: buttonClasses('primary') }, 'Start streaming'),
);
/** The app's bar, as on every other page: Movelab's logo, leading home (kept short: the page has a JavaScript budget). */
const appBar = h(
  'header',
  { class: 'flex h-app-bar items-center border-b border-white/10 px-4' },
  h('a', { href: '/home' }, h('img', { src: '/logo.svg', alt: 'Movelab home', width: '140', height: '31' })),
);
root.append(
  appBar,
  h(
    'main',
    { class: 'min-h-dvh bg-background px-4 py-6' },
    h(
      'div',
      { class: 'mx-auto flex max-w-md flex-col gap-4' },
      h('h1', { class: 'text-2xl font-bold' }, 'Phone camera'),
      status,
      alert,
      ended,
      preview,
      stop,
      form,
      // Below Start and Stop, so that appearing once paired (or offline) they move nothing a finger may be about to tap.
      readyHint,
      offline,
      placement,
    ),
  ),
);

function render(): void {
  const { state, preview: stream, joined, placement: view } = camera.getView();
  const isRunning = isStreaming(state.phase);
  status.dataset.phase = state.phase;
  status.textContent = statusText(state, joined?.hostName);
  readyHint.hidden = !isPairedIdle(state.phase, !!joined);
  offline.hidden = !isRunning || navigator.onLine;
  const isBrokenLinkShown = isBrokenLink && state.phase === 'idle';
  alert.hidden = !((state.phase === 'failed' && state.error) || isBrokenLinkShown);
  alert.textContent = state.error ? socketErrorText(state.error) : isBrokenLinkShown ? BROKEN_LINK_TEXT : '';
  ended.hidden = !(state.phase === 'ended' && state.endReason);
  ended.textContent = state.endReason ? endedText[state.endReason] : '';
  preview.className = streamVideoClasses(facing.value === 'user');
  // Kept from the first paint with a link, and from Start without one: Stop below it does not move when the camera opens.
  preview.hidden = !stream && !isEarly && !isRunning;
  if (preview.srcObject !== stream) {
    preview.srcObject = stream;
    // Autoplay may be refused until a tap; the `autoplay` attribute retries when allowed.
    if (stream) void preview.play().catch(() => undefined);
  }
  placement.hidden = !joined || state.phase === 'ended' || state.phase === 'failed';
  placementLine.textContent = placementText(view);
  stop.hidden = !isRunning;
  form.hidden = isRunning;
  codeField.hidden = !needsCode(hasUsableLink(!!link, state), !!stored, state.phase);
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const options = chosen();
  if (codeField.hidden) return void camera.start({ join: link, ...options });
  const code = normalizeCode(codeInput.value);
  codeError.hidden = !!code;
  codeError.textContent = code ? '' : CODE_ERROR_TEXT;
  if (code) codeInput.removeAttribute('aria-invalid');
  else return codeInput.setAttribute('aria-invalid', 'true');
  void camera.start({ join: { code }, ...options });
});
stop.addEventListener('click', () => camera.stop());
window.addEventListener('online', render);
window.addEventListener('offline', render);
camera.subscribe(render);
camera.attach();
render();
markRemote('phone:page-ready');
// From a join link (or back after a reload) the page also shows the preview, joins and connects
// before Start, which then only sends the camera; nothing leaves the phone before that.
camera.prepare(isEarly ? { join: link, ...chosen() } : undefined);
for (const choice of [facing, quality]) choice.addEventListener('change', () => camera.preview(chosen()));
// A reload of a streaming tab picks up where it was, without a new scan.
if (stored?.isStreaming) void camera.start({ join: link, facing: stored.facing, quality: stored.quality });
