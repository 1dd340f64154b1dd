# syntax=docker/dockerfile:1
# Movelab: the gateway serving the built client, the REST API and Socket.IO on one port.
#   docker build -t movelab .
#   docker run -p 8080:8080 -v movelab-data:/data -e PUBLIC_URL=https://movelab.example.org movelab
# NODE_ENV is production here, so the gateway refuses to start without PUBLIC_URL (the origin
# of the links it writes: password reset, e-mail verification).

# ---------------------------------------------------------------- build
FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles its native addon from source.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app

# Manifests first, so the dependency layer is cached while only sources change.
COPY package.json package-lock.json .npmrc ./
COPY shared/package.json shared/
COPY gateway/package.json gateway/
COPY client/package.json client/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund

COPY tsconfig.json tsconfig.base.json ./
COPY shared shared
COPY gateway gateway
COPY client client
# The client build copies the pose model and WASM files with this Vite plugin.
COPY scripts/copy-models.mjs scripts/
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Gather what the runtime needs: production node_modules, the built packages, the client.
RUN mkdir -p /out/shared /out/gateway /out/client \
 && cp -a package.json node_modules /out/ \
 && cp -a shared/package.json shared/dist /out/shared/ \
 && cp -a gateway/package.json gateway/dist gateway/assets /out/gateway/ \
 && cp -a client/dist /out/client/ \
 && for ws in shared gateway; do \
      if [ -d "$ws/node_modules" ]; then cp -a "$ws/node_modules" "/out/$ws/"; fi; \
    done

# ---------------------------------------------------------------- runtime
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=8080
WORKDIR /app
COPY --from=build /out /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "gateway/dist/index.js"]
