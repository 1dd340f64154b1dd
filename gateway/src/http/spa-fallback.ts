import type { RequestHandler } from 'express';
import { APP_ERRORS } from '@movelab/shared';

/**
 * Extensions the client build (and its public folder) emits. A miss on one of them is a stale
 * or wrong reference: index.html in its place would load as a script or a style sheet. Other
 * dotted paths (`/users/john.doe`) stay app routes.
 */
const STATIC_EXTENSIONS = new Set([
  'js',
  'mjs',
  'css',
  'map',
  'json',
  'webmanifest',
  'wasm',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'avif',
  'svg',
  'ico',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'txt',
  'xml',
  'tflite',
  'bin',
  'task',
  'mp4',
  'webm',
]);

/** Folders of the build (bundles, pose models) that hold no app route. */
const STATIC_FOLDERS = ['/assets/', '/models/'];

/** True for a path no app route can have: anything under a build folder, or a last segment with a static extension. */
export function isStaticPath(pathName: string): boolean {
  if (STATIC_FOLDERS.some((folder) => pathName.startsWith(folder) || pathName === folder.slice(0, -1))) return true;
  const lastSegment = pathName.slice(pathName.lastIndexOf('/') + 1);
  const dot = lastSegment.lastIndexOf('.');
  return dot > 0 && STATIC_EXTENSIONS.has(lastSegment.slice(dot + 1).toLowerCase());
}

/** Placed after express.static: a static file it did not find is 404, never the SPA page. */
export const missingStaticFile: RequestHandler = (req, res, next) => {
  if (!isStaticPath(req.path)) return next();
  res.setHeader('Cache-Control', 'no-store');
  res.status(404).json({ error: { code: APP_ERRORS.notFound, message: 'No such file' } });
};
