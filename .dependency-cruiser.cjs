/**
 * The import check (`npm run lint`): no cycles anywhere in shared/, gateway/ and client/; the
 * gateway's layers import only downwards (ARCHITECTURE.md, "Gateway layers"); the client's
 * lib/ never imports components/ or features/.
 */

/** The gateway's layers, lowest first; a module may import its own layer and the ones below. */
const GATEWAY_LAYERS = [
  ['(logger|errors)\\.ts', 'pose/'],
  ['realtime/'],
  ['config(\\.ts|/)', 'db/'],
  ['http/'],
  ['identity/'],
  ['files/'],
  ['sockets/', 'routes/'],
];
const gatewayPath = (parts) => `^gateway/src/(${parts.join('|')})`;
const below = GATEWAY_LAYERS.map((_, index) => GATEWAY_LAYERS.slice(0, index + 1).flat());

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Import cycles make a module impossible to read or test alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...GATEWAY_LAYERS.map((layer, index) => ({
      name: `gateway-layer-${index}-downwards`,
      comment: `gateway/src/{${layer.join(',')}} imports only its own layer and those below it.`,
      severity: 'error',
      from: { path: gatewayPath(layer) },
      to: { path: '^gateway/src/', pathNot: gatewayPath(below[index]) },
    })),
    {
      name: 'client-lib-not-up',
      comment: 'client/src/lib/ is below components/ and features/: it never imports them.',
      severity: 'error',
      from: { path: '^client/src/lib/' },
      to: { path: '^client/src/(components|features)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|\\.tsbuild)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.imports.json' },
  },
};
