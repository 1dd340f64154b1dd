/**
 * What the coach says and plays as a camera take goes, as a practice does between its steps:
 * 'Get ready' with the countdown, 'Start' with the start sound, and the count once stopped. The
 * coach speaks it under its voice switch; counts and form cues during the take are its own.
 */
import { countOf } from '@movelab/shared';
import type { TAnnouncement } from '@/lib/pose/session-coach';

/** 'waiting': choosing a source, or the picture or the model not ready yet. */
export type TTakeMoment = 'waiting' | 'countdown' | 'recording' | 'done';

const NOTHING: TAnnouncement = { say: [], chime: null };

export function takeAnnouncement(previous: TTakeMoment, next: TTakeMoment, count: number): TAnnouncement {
  if (previous === next) return NOTHING;
  if (next === 'countdown') return { say: ['Get ready'], chime: null };
  if (next === 'recording') return { say: ['Start'], chime: 'start' };
  if (next === 'done' && previous === 'recording') return { say: [`Stopped: ${countOf(count, 'rep')}`], chime: null };
  return NOTHING;
}
