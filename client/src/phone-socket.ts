/**
 * The phone page's first import (client/src/phone-main.ts), so it is evaluated before the rest of
 * the page code: the camera socket starts its handshake while the rest of the page is evaluated
 * and rendered, and Start then only joins. Only the phone page imports this module.
 */
import { markRemote } from '@/features/remote-camera/lib/marks';
import { createCameraSocket, type TClientSocket } from '@/lib/socket/socket';

export const earlySocket: TClientSocket = createCameraSocket();
earlySocket.once('connect', () => markRemote('phone:socket-connected'));
