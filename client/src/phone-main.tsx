/**
 * The phone's page on its own (client/phone.html, served for join links
 * `/remote-streaming/:sessionId`): only the camera, the socket and WebRTC, without the app shell,
 * the router or a backend, so a phone shows Start as soon as possible. Typing a code instead
 * happens in the full app at `/remote-streaming`.
 */
// First: the socket connects while the modules below are evaluated.
import { earlySocket } from './phone-socket';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PhoneCamera } from '@/features/remote-camera/components/phone-camera';
import { parseJoinLink } from '@/features/remote-camera/lib/join-url';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const sessionId = /^\/remote-streaming\/([^/]+)\/?$/.exec(window.location.pathname)?.[1];
createRoot(root).render(
  <StrictMode>
    <main className="min-h-dvh bg-background px-4 py-6">
      <PhoneCamera link={parseJoinLink(sessionId, window.location.hash)} sessionId={sessionId} socket={earlySocket} />
    </main>
  </StrictMode>,
);
