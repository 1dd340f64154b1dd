import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
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
    emptyOutDir: true,
    // The Firebase SDK chunk (~600 kB) is only fetched by deployments on the firebase backend.
    chunkSizeWarningLimit: 700,
  },
});
