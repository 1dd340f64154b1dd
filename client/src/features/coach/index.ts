export { SessionCoach } from './components/session-coach';
