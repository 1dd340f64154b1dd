# syntax=docker/dockerfile:1
# Movelab: the gateway serving the built client, the REST API and Socket.IO on one port.
#   docker build -t movelab .
#   docker run -p 8080:8080 -v movelab-data:/data -e PUBLIC_URL=https://movelab.example.org movelab
# NODE_ENV is production here, so the gateway refuses to start without PUBLIC_URL (the origin
# of the links it writes: password reset, e-mail verification).

# Node 24, the current LTS. There the gateway's SQLite is Node's own node:sqlite; better-sqlite3
# (for Node 20 and 22) is still installed but not loaded (gateway/src/db/sqlite.ts, README "Runtime").
ARG NODE_IMAGE=node:24-bookworm-slim

# ---------------------------------------------------------------- toolchain
FROM ${NODE_IMAGE} AS toolchain
# better-sqlite3 compiles its native addon from source (a dependency, though Node 24 does not load it).
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Manifests first, so the dependency layers are cached while only sources change. `npm ci`
# needs every workspace's manifest, even when it installs only some of them.
COPY package.json package-lock.json .npmrc ./
COPY shared/package.json shared/
COPY test-tools/package.json test-tools/
COPY gateway/package.json gateway/
COPY client/package.json client/
COPY e2e/package.json e2e/

# ---------------------------------------------------------------- runtime dependencies
# Only what the gateway and shared/ need at run time: no client libraries (Firebase web SDK,
# React, ...), no build or test tools. TensorFlow.js is a dev dependency of the gateway (its
# video-to-take command) but a runtime one of the client, so the lock file does not mark it
# dev and --omit=dev keeps it: it is removed by hand (the gateway server never loads it).
FROM toolchain AS deps
RUN npm ci --omit=dev -w gateway -w shared --no-audit --no-fund \
 && rm -rf node_modules/@tensorflow \
 && mkdir -p /deps/shared /deps/gateway \
 && cp -a node_modules /deps/ \
 && for ws in shared gateway; do \
      if [ -d "$ws/node_modules" ]; then cp -a "$ws/node_modules" "/deps/$ws/"; fi; \
    done

# ---------------------------------------------------------------- build
FROM toolchain AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.base.json ./
COPY shared shared
COPY gateway gateway
COPY client client
# The client build copies the pose model and WASM files with this Vite plugin.
COPY scripts/copy-models.mjs scripts/
RUN npm run build

# Gather the built packages and the client.
RUN mkdir -p /out/shared /out/gateway /out/client \
 && cp -a package.json /out/ \
 && cp -a shared/package.json shared/dist /out/shared/ \
 && cp -a gateway/package.json gateway/dist gateway/assets /out/gateway/ \
 && cp -a client/dist /out/client/

# ---------------------------------------------------------------- runtime
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=8080
WORKDIR /app
COPY --from=deps /deps /app
COPY --from=build /out /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "gateway/dist/index.js"]
