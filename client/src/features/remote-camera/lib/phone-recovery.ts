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

type TNetworkInformation = EventTarget;

/** Starts following; the returned function stops. */
export function followNetworkAndVisibility({ refs, media, link }: Pick<TPhoneContext, 'refs' | 'media' | 'link'>): () => void {
  const onNetworkChange = () => {
    if (refs.peer) link.restartIce();
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
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  connection?.addEventListener('change', onNetworkChange);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    connection?.removeEventListener('change', onNetworkChange);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
