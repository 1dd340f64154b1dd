export { ReplayPlayer } from './components/replay-player';
