import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { API, APP_ERRORS, APP_VERSION, type TRuntimeConfig } from '@movelab/shared';
import type { TGatewayConfig } from './config.js';
import { createEmbeddedBackend, type TBackend } from './embedded.js';
import { createFirebaseBackend } from './firebase.js';
import { mountApi } from './routes/api.js';
import { boundConnections } from './http/connections.js';
import { connectSources, imageSources } from './http/csp.js';
import { originCheck, refuseForeignOrigin } from './http/origin.js';
import { authRateLimit, saveLimit, type TSaveLimit } from './http/rate-limit.js';
import { apiNotFound, errorHandler } from './http/errors.js';
import { missingStaticFile } from './http/spa-fallback.js';
import { createLogger, redactRequest, type Logger } from './logger.js';
import type { TPeople } from './realtime/people.js';
import { attachRealtime, createSocketServer, type TIo } from './sockets/index.js';

export type TAppDeps = {
  config: TGatewayConfig;
  /** Tests pass a logger writing to a stream they read. */
  logger?: Logger;
};

export type TApp = {
  server: http.Server;
  io: TIo;
  logger: Logger;
  close(): Promise<void>;
};

const coversDir = fileURLToPath(new URL('../assets/covers', import.meta.url));

/** Auth routes that take credentials: limited per address on top of the sign-in lockout (identity/lockout.ts). */
const RATE_LIMITED_PATHS = [
  API.signIn.path,
  API.signUp.path,
  API.refresh.path,
  API.sendPasswordReset.path,
  API.checkPasswordReset.path,
  API.confirmPasswordReset.path,
  API.sendEmailVerification.path,
  API.confirmEmailVerification.path,
];

function runtimeConfig(config: TGatewayConfig): TRuntimeConfig {
  if (config.backend === 'embedded') return { backend: 'embedded', appVersion: APP_VERSION };
  const f = config.firebase;
  return {
    backend: 'firebase',
    appVersion: APP_VERSION,
    firebase: {
      apiKey: f.apiKey ?? '',
      authDomain: f.authDomain ?? '',
      projectId: f.projectId ?? '',
      storageBucket: f.storageBucket ?? '',
      appId: f.appId ?? '',
      messagingSenderId: f.messagingSenderId,
      authEmulatorUrl: f.authEmulatorHost ? `http://${f.authEmulatorHost}` : undefined,
      firestoreEmulatorHost: f.firestoreEmulatorHost,
    },
  };
}

/** The security headers of every answer: a strict content policy that still lets the app run its pose model. */
function securityHeaders(config: TGatewayConfig): express.RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        workerSrc: ["'self'", 'blob:'],
        imgSrc: imageSources(config),
        mediaSrc: ["'self'", 'blob:', 'data:', 'mediastream:'],
        connectSrc: connectSources(config),
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The camera page on a phone must be able to load this origin's resources as-is.
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * The live layer's people, asked of the backend once it exists: the backend comes after the live
 * layer, as it counts sign-in failures in the live layer's Redis.
 */
function deferredPeople(backendOf: () => TBackend): TPeople {
  return {
    displayName: (uid) => backendOf().people.displayName(uid),
    setRemoteSession: (uid, sessionId) => backendOf().people.setRemoteSession(uid, sessionId),
    get plans() {
      return backendOf().people.plans;
    },
    get analyses() {
      return backendOf().people.analyses;
    },
    get practices() {
      return backendOf().people.practices;
    },
  };
}

/** The built client: its files, the phone's camera page and the SPA fallback. */
function mountPages(app: express.Express, clientDist: string): void {
  const indexHtml = path.join(clientDist, 'index.html');
  const phoneHtml = path.join(clientDist, 'phone.html');
  app.use(express.static(clientDist, { index: false, maxAge: '1h' }));
  // A missing bundle, style sheet or icon is 404: an HTML page in its place would run as a script.
  app.get(/.*/, missingStaticFile);
  // A join link opens the phone's camera page alone: a much smaller page than the whole app.
  app.get('/remote-streaming/:sessionId', (_req, res, next) => {
    if (!fs.existsSync(phoneHtml)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(phoneHtml);
  });
  // SPA fallback: every other GET that wants a page gets index.html; the client routes it.
  app.get(/.*/, (req, res, next) => {
    if (!fs.existsSync(indexHtml)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
}

/** The routes open to anyone from anywhere: health and the runtime config. */
function mountOpenRoutes(app: express.Express, config: TGatewayConfig, backend: TBackend): void {
  app.get(API.health.path, (_req, res, next) => {
    backend.health().then((problem) => {
      if (!problem) return res.json({ ok: true });
      res.status(503).json({ error: { code: APP_ERRORS.notAvailable, message: problem } });
    }, next);
  });
  app.get(API.config.path, (_req, res) => {
    res.json(runtimeConfig(config));
  });
}

/** The composition root: Express and Socket.IO on one http server, the chosen backend behind them. */
export async function createApp(deps: TAppDeps): Promise<TApp> {
  const { config } = deps;
  const logger = deps.logger ?? createLogger(config.logLevel);
  const app = express();
  // Timeouts are checked every second (Node's default, 30 s, would let a slow caller run over by that much).
  const server = http.createServer({ connectionsCheckingInterval: 1000 }, app);
  boundConnections(server, config.http, logger);
  const isAllowedOrigin = originCheck(config.allowedOrigins);
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  // The socket server needs the verifier before the backend exists; it is only called later.
  const verifier = { verify: (token: string) => backend.verifier.verify(token) };
  const io = createSocketServer(server, verifier, {
    trustProxy: config.trustProxy,
    camerasPerAddress: config.cameraSocketsPerAddress,
    socketsPerUser: config.socketsPerUser,
    connectTimeoutMs: config.socketConnectTimeoutMs,
    isAllowedOrigin,
  });
  const people = deferredPeople(() => backend);
  // The save budget lives in the live layer's Redis when there is one; no notice comes before start-up ends.
  let limitSave: TSaveLimit = () => Promise.reject(new Error('a save came before start-up ended'));
  const realtime = await attachRealtime({ io, config: config.realtime, logger, verifier, people, limitNotice: (uid) => limitSave(uid) });
  limitSave = saveLimit(config, realtime.redis);
  const backend: TBackend = await (
    config.backend === 'embedded'
      ? createEmbeddedBackend({ config, logger, io, limitSave, redis: realtime.redis })
      : createFirebaseBackend({ config, logger, io })
  ).catch(async (error: unknown) => {
    await realtime.close();
    throw error;
  });

  app.use(securityHeaders(config));
  // Request logs never carry bearer tokens, cookies or download tokens (whatever logger is passed).
  app.use(pinoHttp({ logger, serializers: { req: redactRequest }, autoLogging: { ignore: (req) => req.url === '/healthz' } }));
  mountOpenRoutes(app, config, backend);
  app.use(refuseForeignOrigin(isAllowedOrigin));
  app.use(RATE_LIMITED_PATHS, authRateLimit(config, realtime.redis));
  // Each endpoint reads its body itself, after the access check (mountApi).
  const api = express.Router();
  mountApi(api, backend.handlers, verifier, { jsonMs: config.http.jsonBodyTimeoutMs, uploadMs: config.http.uploadBodyTimeoutMs });
  app.use(api);
  app.use('/api', apiNotFound);
  backend.mountExtra?.(app);
  app.use('/media/covers', express.static(coversDir, { fallthrough: false, maxAge: '1d' }));
  mountPages(app, config.clientDist);
  app.use(errorHandler(logger));

  return {
    server,
    io,
    logger,
    close: async () => {
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
      await realtime.close();
      server.closeAllConnections();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      await backend?.close();
    },
  };
}
