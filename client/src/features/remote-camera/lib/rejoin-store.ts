/**
 * The phone's place in a session, kept in sessionStorage (this tab only, gone when it closes)
 * so a reload rejoins with the rejoin token instead of a new scan.
 */
// zod/mini: this module is on the phone page, which keeps its JavaScript small (see shared/src/remote-session.ts).
import { z } from 'zod/mini';

export const ZFacing = z.enum(['user', 'environment']);
export type TFacing = z.infer<typeof ZFacing>;
export const ZQuality = z.enum(['480p', '720p']);
export type TQuality = z.infer<typeof ZQuality>;

const ZStoredCamera = z.object({
  sessionId: z.string(),
  cameraId: z.string(),
  rejoinToken: z.string(),
  facing: ZFacing,
  quality: ZQuality,
  /**
   * Whether Start was tapped: a reload then streams again by itself; before that it only rejoins.
   * Tabs stored by earlier versions (which stored only once streaming) have none: they were streaming.
   */
  isStreaming: z._default(z.boolean(), true),
});
export type TStoredCamera = z.infer<typeof ZStoredCamera>;

const KEY = 'movelab.remote-camera';

type TStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readStoredCamera(storage: TStorage, sessionId?: string): TStoredCamera | null {
  try {
    const parsed = ZStoredCamera.safeParse(JSON.parse(storage.getItem(KEY) ?? 'null'));
    if (!parsed.success) return null;
    return !sessionId || parsed.data.sessionId === sessionId ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeCamera(storage: TStorage, camera: TStoredCamera): void {
  storage.setItem(KEY, JSON.stringify(camera));
}

export function forgetCamera(storage: TStorage): void {
  storage.removeItem(KEY);
}
