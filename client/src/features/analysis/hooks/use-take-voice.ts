import { useEffect, useRef } from 'react';
import type { TSessionCoach } from '@/lib/pose/session-coach';
import { takeAnnouncement, type TTakeMoment } from '../lib/take-announce';

/** Says each turn of a camera take (get ready, start, stopped) through the coach, with its sound. */
export function useTakeVoice(coach: TSessionCoach, moment: TTakeMoment, count: number): void {
  const announced = useRef(moment);
  useEffect(() => {
    const { say, chime } = takeAnnouncement(announced.current, moment, count);
    announced.current = moment;
    coach.announce(say);
    if (chime) coach.chime(chime);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the coach object is new each render; only the moment matters
  }, [moment]);
}
