/** The live feature's public surface for the app: the admins' live dashboard. */
export { LiveDashboard } from './components/live-dashboard';
