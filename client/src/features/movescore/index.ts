/** The movescore feature's public surface for the app: its screens, the history, recent sessions and the profile dialog. */
export { AnalysisPage } from './components/analysis-page';
export { HistoryItemScreen } from './components/history-item-screen';
export { HistoryScreen } from './components/history-screen';
export { MovescoreHome, SelectGroup, SelectMovement, SelectPerspective } from './components/movescore-screens';
export { ProfileDialog } from './components/profile-dialog';
export { RecentSessions } from './components/recent-sessions';
