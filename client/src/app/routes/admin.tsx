/** The administration area (loaded on demand as one chunk, admins only): one screen per route name. */
import { lazy, Suspense, type ComponentProps } from 'react';
import { useMatches, useParams } from 'react-router-dom';
import {
  ActivitiesScreen,
  ActivityScreen,
  AdminHomeScreen,
  GroupScreen,
  GroupsScreen,
  MovementScreen,
  MovescoreMovementScreen,
  PerspectiveScreen,
  RoutinesScreen,
  UserScreen,
  UsersScreen,
  type TReferenceCapture,
} from '@/features/admin';
import { InlineLoading } from '@/components/ui/status';
import { currentRouteDef } from '../route-handle';

// The reference capture carries the pose model's page side: loaded only on a perspective's page.
const LazyReferenceCapture = lazy(() => import('@/features/analysis').then((module) => ({ default: module.ReferenceCapture })));

function ReferenceCapture(props: ComponentProps<TReferenceCapture>) {
  return (
    <Suspense fallback={<InlineLoading label="Loading the reference capture…" />}>
      <LazyReferenceCapture {...props} />
    </Suspense>
  );
}

export default function AdminRoute() {
  // The matched route itself, not the store's name (that one is set after the render).
  const routeName = currentRouteDef(useMatches())?.name;
  const { userId = '', activityId = '', movementId = '', groupId = '', perspectiveId = '' } = useParams();
  switch (routeName) {
    case 'admin-users':
      return <UsersScreen />;
    case 'admin-user':
      return <UserScreen key={userId} userId={userId} />;
    case 'admin-activities':
      return <ActivitiesScreen />;
    case 'admin-activity':
      return <ActivityScreen key={activityId} activityId={activityId} />;
    case 'admin-movement':
      return <MovementScreen key={movementId} activityId={activityId} movementId={movementId} />;
    case 'admin-routines':
      return <RoutinesScreen key={activityId} activityId={activityId} />;
    case 'admin-movescore':
      return <GroupsScreen />;
    case 'admin-movescore-group':
      return <GroupScreen key={groupId} groupId={groupId} />;
    case 'admin-movescore-movement':
      return <MovescoreMovementScreen key={movementId} groupId={groupId} movementId={movementId} />;
    case 'admin-movescore-perspective':
      return (
        <PerspectiveScreen
          key={perspectiveId}
          groupId={groupId}
          movementId={movementId}
          perspectiveId={perspectiveId}
          ReferenceCapture={ReferenceCapture}
        />
      );
    default:
      return <AdminHomeScreen />;
  }
}
