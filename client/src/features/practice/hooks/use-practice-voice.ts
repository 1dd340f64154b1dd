import { useEffect, useRef, type RefObject } from 'react';
import type { TSessionCoach } from '@/lib/pose/session-coach';
import { practiceAnnouncement } from '../lib/announce';
import type { TPracticeState } from '../lib/step-machine';

/**
 * The coach through the practice: each step counts from zero, and every transition is said aloud
 * (get ready, start, last rep, rest, next movement, the end) with its sound, except a pause the
 * coach made and already spoke of (`isCoachSpeakingRef`).
 */
export function usePracticeVoice(state: TPracticeState, coach: TSessionCoach, isCoachSpeakingRef: RefObject<boolean>): void {
  useEffect(() => {
    coach.restart();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the coach object is new each render; only the step matters
  }, [state.index]);

  const announced = useRef(state);
  useEffect(() => {
    const { say, chime } = practiceAnnouncement(announced.current, state);
    const isCoachPause = isCoachSpeakingRef.current && announced.current.isPaused !== state.isPaused;
    isCoachSpeakingRef.current = false;
    announced.current = state;
    if (isCoachPause) return;
    coach.announce(say);
    if (chime) coach.chime(chime);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the coach object is new each render; only the state matters
  }, [state]);
}
