/** This device's camera, at the resolution the pose pipeline is tuned for. */
export const CAMERA_SIZE = { width: 640, height: 480 } as const;

export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new Error('This browser cannot use a camera here (a secure https:// page is needed)');
  }
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { width: { ideal: CAMERA_SIZE.width }, height: { ideal: CAMERA_SIZE.height }, facingMode: 'user' },
    });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    if (name === 'NotAllowedError') throw new Error('Camera access was refused: allow it in the browser to continue');
    if (name === 'NotFoundError') throw new Error('No camera was found on this device');
    throw error instanceof Error ? error : new Error(String(error));
  }
}

export function stopStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}
