import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_VERSION, PRODUCT_NAME, THEME_COLORS } from '../shared/src/constants.ts';
import { poseAssets } from '../scripts/copy-models.mjs';

const sharedSrc = fileURLToPath(new URL('../shared/src/', import.meta.url));
const gateway = 'http://localhost:8080';
/** In development the gateway serves the API, sockets and files on its own port. */
const proxy = {
  '/api': gateway,
  '/socket.io': { target: gateway, ws: true },
  '/files': gateway,
  '/media': gateway,
  '/healthz': gateway,
};

/** Paths the gateway answers itself: never served from the service worker's caches. */
const serverOnly = [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/, /^\/files(\/|$)/, /^\/media(\/|$)/, /^\/healthz$/];

/**
 * Installable app (spec §2 install prompt): a web manifest and a Workbox service worker that
 * precaches the shell, so the app starts offline. API calls, sockets and user files go to the
 * network; only the pose model (build output) and catalogue covers are also kept at first use.
 */
function pwa() {
  return VitePWA({
    registerType: 'autoUpdate',
    // An external /registerSW.js (the CSP forbids inline scripts).
    injectRegister: 'script-defer',
    includeAssets: ['favicon.svg', 'logo.svg', 'apple-touch-icon.png'],
    manifest: {
      id: '/',
      name: PRODUCT_NAME,
      short_name: PRODUCT_NAME,
      description: `${PRODUCT_NAME}: movement practice and movement analysis (version ${APP_VERSION})`,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: THEME_COLORS.background,
      background_color: THEME_COLORS.background,
      icons: [
        { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // The Firebase SDK chunk is only needed by firebase deployments and pose models are
      // fetched when the analysis opens: neither belongs in every install's precache.
      globIgnores: ['**/firebase-*.js', '**/models/**', '**/*.wasm', '**/pose.worker-*.js'],
      // Kept at first use, so analysis works offline afterwards: the pose worker (the worker
      // keeps the model and WASM it fetches in the same cache: client/src/lib/pose/model-cache.ts;
      // one cache per app version), and the catalogue's covers (their download token is a
      // query parameter: one cached copy per file).
      runtimeCaching: [
        {
          urlPattern: ({ url }) => url.pathname.startsWith('/models/') || /\/assets\/pose\.worker-[^/]+\.js$/.test(url.pathname),
          handler: 'CacheFirst',
          options: { cacheName: `movelab-pose-${APP_VERSION}`, expiration: { maxEntries: 40 } },
        },
        {
          urlPattern: ({ url }) => url.pathname.startsWith('/files/covers/'),
          handler: 'StaleWhileRevalidate',
          options: { cacheName: 'movelab-covers', matchOptions: { ignoreSearch: true }, expiration: { maxEntries: 200 } },
        },
      ],
      navigateFallback: '/index.html',
      // Join links go to the network, which answers with the phone's own page.
      navigateFallbackDenylist: [...serverOnly, /^\/remote-streaming\/[^/]+\/?$/],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
    },
  });
}

/**
 * One <head> for the app's pages: a page that holds `<!-- app-head -->` (client/phone.html) gets
 * client/index.html's head tags there (everything before its title), in the build and in dev.
 */
function sharedHead(): Plugin {
  const indexHtml = fileURLToPath(new URL('./index.html', import.meta.url));
  return {
    name: 'movelab:shared-head',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => {
        if (!html.includes('<!-- app-head -->')) return html;
        const head = /<head>([\s\S]*?)<title>/.exec(readFileSync(indexHtml, 'utf8'))?.[1]?.trim();
        if (!head) throw new Error('client/index.html has no head tags before its title');
        return html.replace('<!-- app-head -->', head);
      },
    },
  };
}

/**
 * The phone page (client/phone.html, a join link) streams a camera and is not the installable
 * app: it does not register the service worker, whose install would download the whole app's
 * precache while the phone starts streaming. A phone that has the app installed keeps it.
 */
function phonePageWithoutServiceWorker(): Plugin {
  return {
    name: 'movelab:phone-page-without-service-worker',
    apply: 'build',
    // After vite-plugin-pwa's own post transform, which adds the registration to every page.
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { path }) =>
        path.endsWith('/phone.html') ? html.replace(/<script id="vite-plugin-pwa:register-sw"[^>]*><\/script>/, '') : html,
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // poseAssets: the pose model and WASM files under /models/, shipped with the build.
  plugins: [sharedHead(), react(), tailwindcss(), pwa(), phonePageWithoutServiceWorker(), poseAssets()],
  // The pose worker is an ES module (it splits like the app does).
  worker: { format: 'es' },
  resolve: {
    // The client bundles the shared contracts from source, like the tests do.
    alias: [
      { find: /^@movelab\/shared$/, replacement: `${sharedSrc}index.ts` },
      { find: /^@movelab\/shared\/(.*)$/, replacement: `${sharedSrc}$1.ts` },
      { find: /^@\/(.*)$/, replacement: fileURLToPath(new URL('./src/$1', import.meta.url)) },
    ],
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    // pose-check.html: the pose pipeline alone, for the browser tests and the pose benchmark.
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        poseCheck: fileURLToPath(new URL('./pose-check.html', import.meta.url)),
        // A phone opening a join link: its page alone (the gateway serves it for /remote-streaming/:id).
        phone: fileURLToPath(new URL('./phone.html', import.meta.url)),
      },
      // React in a chunk of its own: left to its heuristics the bundler may put its runtime helpers
      // in React's chunk, which the phone page (no React) would then load for those helpers.
      output: { codeSplitting: { groups: [{ name: 'react', test: /node_modules\/(react|react-dom|scheduler)\// }] } },
      // A feature's index.ts only re-exports its public surface: importing one name from it must
      // not pull the feature's lazily loaded screens into the importer's chunk (the app's entry).
      treeshake: { moduleSideEffects: [{ test: /\/src\/features\/[^/]+\/index\.ts$/, sideEffects: false }] },
    },
    emptyOutDir: true,
    // The Firebase SDK chunk (~600 kB) is only fetched by deployments on the firebase backend.
    chunkSizeWarningLimit: 700,
  },
});
