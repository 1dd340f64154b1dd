/** Movescore screens (loaded on demand). */
import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import { AnalysisPage, MovescoreHome, SelectGroup, SelectMovement, SelectPerspective } from '@/features/movescore';

export function MovescoreHomeRoute() {
  return <MovescoreHome />;
}

export function MovescoreSelectGroupRoute() {
  return <SelectGroup />;
}

export function MovescoreSelectMovementRoute() {
  const { groupId = '' } = useParams();
  return <SelectMovement key={groupId} groupId={groupId} />;
}

export function MovescoreSelectPerspectiveRoute() {
  const { groupId = '', movementId = '' } = useParams();
  return <SelectPerspective key={`${groupId}/${movementId}`} groupId={groupId} movementId={movementId} />;
}

// The analysis (and with it the pose worker and the engine) loads only on the analysis screen.
const AnalysisFlow = lazy(() => import('./analysis-screen'));

export function MovescoreAnalysisRoute() {
  const { groupId = '', movementId = '', perspectiveId = '' } = useParams();
  return (
    <AnalysisPage
      key={`${groupId}/${movementId}/${perspectiveId}`}
      groupId={groupId}
      movementId={movementId}
      perspectiveId={perspectiveId}
      Analysis={AnalysisFlow}
    />
  );
}
