/**
 * The pose pipeline on a page of its own (/pose-check.html), for the browser tests and the pose
 * benchmark: the same worker, model files and frame pump as the analysis screen, driven from
 * `window.poseCheck`. Not linked from the app; it shows no user data.
 */
import { sharedPoseEstimator, sharedPosePool } from './pose-client';
import { createPoseCheck, type TPoseCheck } from './pose-check';

declare global {
  interface Window {
    poseCheck?: TPoseCheck;
  }
}
window.poseCheck = createPoseCheck(sharedPoseEstimator(), undefined, () => sharedPosePool());
document.getElementById('status')!.textContent = 'Ready';
