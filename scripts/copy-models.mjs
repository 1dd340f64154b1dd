/**
 * The pose model and TF.js's WASM binaries, shipped with the client: a Vite plugin that serves
 * them under /models/ in development and writes them into the build. Nothing is fetched from
 * outside at run time. MoveNet Lightning comes from @vladmandic/human (MIT), which ships the
 * converted graph model; only these files are copied, not the rest of that package.
 *
 * Run it as a script (`node scripts/copy-models.mjs <dir>`) to copy the files into a folder.
 */
import { existsSync, readFileSync, mkdirSync, copyFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A package's folder in node_modules (some packages do not export their package.json). */
function packageDir(name) {
  for (let dir = root; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`${name} is not installed: run npm install`);
  }
}

/** Output name (under models/) -> source file. Only the non-threaded WASM builds: see movenet.ts. */
export function poseAssetFiles() {
  const human = packageDir('@vladmandic/human');
  const wasm = packageDir('@tensorflow/tfjs-backend-wasm');
  return {
    'movenet-lightning.json': join(human, 'models', 'movenet-lightning.json'),
    'movenet-lightning.bin': join(human, 'models', 'movenet-lightning.bin'),
    'tfjs-backend-wasm.wasm': join(wasm, 'dist', 'tfjs-backend-wasm.wasm'),
    'tfjs-backend-wasm-simd.wasm': join(wasm, 'dist', 'tfjs-backend-wasm-simd.wasm'),
  };
}

const TYPES = { '.json': 'application/json', '.bin': 'application/octet-stream', '.wasm': 'application/wasm' };

/** @returns {import('vite').Plugin} */
export function poseAssets() {
  const files = poseAssetFiles();
  return {
    name: 'movelab-pose-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = /^\/models\/([\w.-]+)$/.exec((req.url ?? '').split('?')[0]);
        const source = match ? files[match[1]] : undefined;
        if (!source) return next();
        res.setHeader('Content-Type', TYPES[source.slice(source.lastIndexOf('.'))] ?? 'application/octet-stream');
        res.end(readFileSync(source));
      });
    },
    generateBundle() {
      for (const [name, source] of Object.entries(files)) {
        this.emitFile({ type: 'asset', fileName: `models/${name}`, source: readFileSync(source) });
      }
    },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = resolve(process.argv[2] ?? 'client/dist/models');
  mkdirSync(target, { recursive: true });
  for (const [name, source] of Object.entries(poseAssetFiles())) copyFileSync(source, join(target, name));
  console.log(`pose model and WASM files copied to ${target}`);
}
