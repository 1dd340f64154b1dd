import type { TSessionCoachProps } from '@/lib/pose/session-coach';
import { useCoach } from '../hooks/use-coach';

/** The coach of one camera session, handed to what it wraps: the app passes it to the practice and analysis screens. */
export function SessionCoach({ onAway, onBack, children }: TSessionCoachProps) {
  return children(useCoach({ onAway, onBack }));
}
