export { useCoach } from './hooks/use-coach';
