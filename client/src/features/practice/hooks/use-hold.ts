import { HoldWatch, type THoldPosition } from '@movelab/shared/movescore/index';
import { useRef, useState } from 'react';
import type { TPoseResult } from '@/lib/pose/pose-client';
import { currentStep, type TPracticeState } from '../lib/step-machine';

export type THold = {
  /** The step under way is a hold the camera judges: its timer runs only while the position is seen. */
  isJudged: boolean;
  /** The position is seen held now. */
  isHeld: boolean;
  onPose: (result: TPoseResult) => void;
};

/**
 * A timed hold watched by the camera (`position` null: one it cannot judge, or no camera):
 * each step's watch starts afresh, not held until the position is seen.
 */
export function useHold(state: TPracticeState, position: THoldPosition | null): THold {
  const watch = useRef<{ index: number; watch: HoldWatch } | null>(null);
  const [seen, setSeen] = useState({ index: -1, isHeld: false });
  const isJudged = position !== null && state.phase === 'active' && currentStep(state)?.targetSeconds !== undefined;
  const onPose = (result: TPoseResult) => {
    if (!isJudged) return;
    if (watch.current?.index !== state.index) {
      watch.current = { index: state.index, watch: new HoldWatch(position, { width: result.width, height: result.height }) };
    }
    const isHeld = watch.current.watch.push(result.frame);
    const index = state.index;
    setSeen((previous) => (previous.index === index && previous.isHeld === isHeld ? previous : { index, isHeld }));
  };
  return { isJudged, isHeld: isJudged && seen.index === state.index && seen.isHeld, onPose };
}
