// The architecture's picture, checked: `npm run lint:deps` (part of `npm run lint`, so CI) fails on an
// import cycle (type imports count: tsPreCompilationDeps) or on an import that crosses a layer the
// wrong way. docs/ARCHITECTURE.md draws the same layers. dependency-cruiser and the TypeScript 5.9 it
// parses with live in tools/architecture (the workspace's TypeScript 7 has no JavaScript API).
//
//   packages/shared            rules both sides import; imports nothing of ours
//   apps/server/src/ports      the narrow interfaces the app's context is built from (auth, actors,
//                              member views, photo classifier, payments, mail): import only shared,
//                              db types and the config; the features implement them
//   apps/server/src/{lib,db,adapters,plugins} and context.ts
//                              infrastructure: imports shared, ports and itself, never a feature module
//   apps/server/src/modules/<feature>
//                              features: import one another only through their public `index.ts`
//   apps/server/src/{app,routes,server}.ts, jobs/, pages/ and seed/
//                              composition: may import any feature's entry (routes.ts alone its
//                              routes, jobs/index.ts a job file); pages/ are the web app's pages,
//                              rendered from the features' services
//   apps/web/src               the browser: imports shared, never the server
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'An import cycle, type imports included: a module that needs another one back belongs with it, or the shared part goes below both.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-nothing-of-ours',
      severity: 'error',
      comment: 'packages/shared is imported by the server and the web app; it depends on neither.',
      from: { path: '^packages/shared/' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'web-never-imports-the-server',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'infrastructure-imports-no-feature',
      severity: 'error',
      comment:
        'lib, db, adapters, plugins, ports and the app context sit below the features: a feature may use them, never the other way.',
      from: {
        path: '^apps/server/src/((lib|db|adapters|plugins|ports)/|context\\.ts$)',
        pathNot: '\\.test\\.ts$',
      },
      to: { path: '^apps/server/src/(modules|pages|seed)/' },
    },
    {
      name: 'ports-are-leaves',
      severity: 'error',
      comment:
        'A port is a contract in our own terms: it imports shared, db types and the config, nothing that implements anything.',
      from: { path: '^apps/server/src/ports/' },
      to: { path: '^apps/server/src/', pathNot: '^apps/server/src/(ports/|db/|config\\.ts$)' },
    },
    {
      name: 'features-meet-at-their-entry',
      severity: 'error',
      comment: "A feature reaches another only through that feature's public index.ts.",
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'routes-registered-in-one-place',
      severity: 'error',
      comment: "Only the route registry (apps/server/src/routes.ts) and tests import a feature's routes.",
      from: { pathNot: ['^apps/server/src/routes\\.ts$', '\\.test\\.ts$', '^apps/server/test/'] },
      to: { path: '^apps/server/src/modules/[^/]+/routes\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-ssr)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
