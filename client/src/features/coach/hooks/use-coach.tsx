import { useRef, useState } from 'react';
import type { TSessionCoach, TUseSessionCoach } from '@/lib/pose/session-coach';
import { CoachCount, CoachFrame, SetupCheck, VoiceSwitch } from '../components/coach-view';
import { coachCount, coachFrame, INITIAL_COACH, recentSpreads, viewOfSpreads, type TCoachOutput, type TCoachState } from '../lib/coach';
import { NO_FORM_CHECK } from '../lib/form-check';
import { useCoachVoice } from './use-coach-voice';

/**
 * The coach of one session: fed counts and camera frames, it keeps what the screen shows,
 * speaks (unless muted) and calls `onAway` / `onBack` when the person leaves or returns.
 */
export const useCoach: TUseSessionCoach = ({ onAway, onBack }): TSessionCoach => {
  const voice = useCoachVoice();
  const [state, setState] = useState<TCoachState>(INITIAL_COACH);
  // Poses arrive faster than React renders: decisions read the latest state, not the rendered one.
  const latest = useRef<TCoachState>(INITIAL_COACH);
  // The last frames' shoulder spreads, kept out of the state: only the view they say is rendered.
  const spreads = useRef<number[]>([]);
  const apply = ({ state: next, say, event }: TCoachOutput) => {
    if (next !== latest.current) {
      latest.current = next;
      setState(next);
    }
    voice.say(say);
    if (event === 'away') onAway?.();
    if (event === 'back') onBack?.();
  };
  return {
    count: (count, rep) => {
      apply(coachCount(latest.current, count, rep));
      voice.chime('rep');
    },
    announce: voice.announce,
    chime: voice.chime,
    frame: (t, outOfView, spread, formOutOfView = []) => {
      spreads.current = recentSpreads(spreads.current, spread);
      apply(coachFrame(latest.current, t, outOfView, viewOfSpreads(spreads.current), formOutOfView));
    },
    // A new set says again what its form needs in the picture.
    restart: () =>
      apply({ state: { ...latest.current, count: 0, tone: 'idle', cue: null, spoken: null, form: NO_FORM_CHECK }, say: [], event: null }),
    isAway: () => latest.current.isAway,
    renderFrame: (picture) => <CoachFrame state={state}>{picture}</CoachFrame>,
    renderCount: (props) => <CoachCount state={state} {...props} />,
    renderControls: () => <VoiceSwitch isMuted={voice.isMuted} canSpeak={voice.canSpeak} onChange={voice.setMuted} />,
    renderSetup: (view) => (state.count === 0 ? <SetupCheck view={view} state={state} /> : null),
  };
};
