import { useCallback, useEffect, useState } from 'react';
import { sharedPoseEstimator, type PoseEstimator } from './pose-client';

export type TPoseModelState =
  | { status: 'loading'; progress: number }
  | { status: 'ready'; backend: string }
  | { status: 'error'; message: string };

/** Loads the pose model in its worker (once per page) and reports progress. */
export function usePoseModel(): { state: TPoseModelState; estimator: PoseEstimator; retry: () => void } {
  const [estimator] = useState(sharedPoseEstimator);
  const [state, setState] = useState<TPoseModelState>({ status: 'loading', progress: 0 });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    estimator
      .load((progress) => isCurrent && setState({ status: 'loading', progress }))
      .then((backend) => isCurrent && setState({ status: 'ready', backend }))
      .catch((error: unknown) => isCurrent && setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }));
    return () => {
      isCurrent = false;
    };
  }, [estimator, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading', progress: 0 });
    setAttempt((value) => value + 1);
  }, []);
  return { state, estimator, retry };
}
