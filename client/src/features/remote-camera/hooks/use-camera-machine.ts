import { useCallback, useRef, useState } from 'react';
import { cameraReducer, initialCameraState, type TCameraEvent, type TCameraState } from '../lib/camera-state';

/**
 * The camera reducer with its latest state also in a ref: socket and peer callbacks outlive
 * renders and must decide on the current state, not the one they closed over.
 */
export function useCameraMachine() {
  const [state, setState] = useState<TCameraState>(initialCameraState);
  const ref = useRef<TCameraState>(initialCameraState);
  const dispatch = useCallback((event: TCameraEvent): TCameraState => {
    const next = cameraReducer(ref.current, event);
    ref.current = next;
    setState(next);
    return next;
  }, []);
  return { state, dispatch, current: ref };
}
