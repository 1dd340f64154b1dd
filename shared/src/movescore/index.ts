/**
 * Movescore: scoring how well a person moved, from pose keypoints, on the device. Pure
 * TypeScript (no DOM, no Node APIs): it runs in the browser, a Web Worker and Node. Import it
 * as `@movelab/shared/movescore/index`; it stays out of the main barrel so the client's first
 * screen does not load it.
 */
export * from './take.js';
export * from './movement-kinds.js';
export * from './movement-definition.js';
export * from './definitions.js';
export * from './one-euro.js';
export * from './feature-names.js';
export * from './feature-words.js';
export * from './keypoint-stage.js';
export * from './frame-features.js';
export * from './in-view.js';
export * from './features.js';
export * from './camera-view.js';
export * from './hold.js';
export * from './reps.js';
export * from './dtw.js';
export * from './align.js';
export * from './form.js';
export * from './feedback.js';
export * from './reference-schema.js';
export * from './own-reps.js';
export * from './reference.js';
export * from './judged.js';
export * from './score.js';
export * from './live.js';
export * from './generate.js';
export * from './replay.js';
