/**
 * What the phone follows while its page is open: the network and the page's visibility.
 *
 * A network change: the current path may be gone, so ICE restarts at once instead of waiting for
 * the connection checks to notice. Offline, the signalling is dropped (a dead WebSocket would
 * otherwise swallow the restart offer until its ping timeout) and reconnected as soon as the
 * browser is back online, without the socket's reconnection backoff. Back from the background with
 * an ended camera track (iOS ends it): the same camera again, swapped into the running connection.
 */
import type { TPhoneContext } from './phone-context';
import { restartIce } from './phone-peer-link';

type TNetworkInformation = EventTarget;

/** Starts following; the returned function stops. */
export function followNetworkAndVisibility(context: TPhoneContext): () => void {
  const { refs, media } = context;
  const onNetworkChange = () => {
    if (refs.peer) restartIce(context);
  };
  const onOffline = () => {
    if (refs.joined) refs.socket?.disconnect();
  };
  const onOnline = () => {
    const socket = refs.socket;
    if (refs.joined && socket && !socket.connected) socket.connect();
    onNetworkChange();
  };
  const onVisibility = () =>
    void media.reacquire(async (track) => {
      if (refs.isSending) await refs.peer?.setTrack(track);
    });

  const connection = (navigator as Navigator & { connection?: TNetworkInformation }).connection;
  const followed: [EventTarget | undefined, string, () => void][] = [
    [window, 'online', onOnline],
    [window, 'offline', onOffline],
    [connection, 'change', onNetworkChange],
    [document, 'visibilitychange', onVisibility],
  ];
  for (const [target, type, listener] of followed) target?.addEventListener(type, listener);
  return () => {
    for (const [target, type, listener] of followed) target?.removeEventListener(type, listener);
  };
}
