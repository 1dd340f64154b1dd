export { AdminHomeScreen } from './components/home-screen';
export { UsersScreen } from './components/users-screen';
export { UserScreen } from './components/user-screen';
export { ActivitiesScreen, ActivityScreen, MovementScreen } from './components/activity-screens';
export { RoutinesScreen } from './components/routines-screen';
export { GroupsScreen, GroupScreen } from './components/movescore-screens';
export { MovescoreMovementScreen, PerspectiveScreen, type TReferenceCapture } from './components/movescore-movement-screens';
