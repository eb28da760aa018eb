/**
 * Import rules the compiler cannot see (README.md, "Architecture").
 *
 * The server is layered: db/ at the bottom, then repositories/ (the one module that names each
 * table), then http/, then events/, records/ and mail/; the features (auth/, staff/, students/,
 * standards/, messages/, bin/, oneroster/, health/, client-config/ and any new folder) stand on
 * those layers and never on each other; app.ts wires them together. A folder imports only its own files and
 * the layers below it, so no two folders ever import each other. Tests and their helpers (server/src/test/) go through the whole app and are exempt,
 * and so is seed/, a command that creates users the way sign-up does.
 */
const serverTests = '(\\.test\\.ts$|^server/src/test/)';
const lowerLayers = ['db', 'repositories', 'http', 'events', 'records', 'mail'];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Import cycles make modules load half-initialised. Type-only imports vanish at compile time, so a feature may name the app context type.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'web-features-stay-apart',
      severity: 'error',
      comment: 'A web feature may use components/ and lib/, never another feature.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/([^/]+)/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'contract-depends-on-nothing-of-ours',
      severity: 'error',
      comment: 'Imports flow one way: contract <- server, contract <- web.',
      from: { path: '^contract/' },
      to: { path: '^(server|web|e2e)/' },
    },
    {
      name: 'server-lower-layers-never-import-a-feature',
      severity: 'error',
      comment:
        'db/, http/, events/, records/ and mail/ are what features are built on: a reader follows a request down from a feature and never back up.',
      from: { path: `^server/src/(${lowerLayers.join('|')})/`, pathNot: serverTests },
      to: { path: '^server/src/[^/]+/', pathNot: `^server/src/(${lowerLayers.join('|')})/` },
    },
    {
      name: 'server-db-is-the-bottom-layer',
      severity: 'error',
      comment: 'db/ knows tables and drivers, and nothing of HTTP, events or records.',
      from: { path: '^server/src/db/', pathNot: serverTests },
      to: { path: '^server/src/(repositories|http|events|records|mail)/' },
    },
    {
      name: 'server-repositories-sit-on-db-only',
      severity: 'error',
      comment:
        'repositories/ holds the SQL of every table (one module per table, docs/decisions/0082); it stands on db/ alone, so a query never depends on HTTP, events or a feature.',
      from: { path: '^server/src/repositories/', pathNot: serverTests },
      to: { path: '^server/src/(http|events|records|mail)/' },
    },
    {
      name: 'server-http-sits-on-db-only',
      severity: 'error',
      comment: 'http/ (problems, access, serialization) may use db/ and nothing above it.',
      from: { path: '^server/src/http/', pathNot: serverTests },
      to: { path: '^server/src/(events|records|mail)/' },
    },
    {
      name: 'server-upper-lower-layers-stay-apart',
      severity: 'error',
      comment: 'events/, records/ and mail/ each stand on db/ and http/, not on each other.',
      from: { path: '^server/src/(events|records|mail)/', pathNot: serverTests },
      to: { path: '^server/src/(events|records|mail)/', pathNot: '^server/src/$1/' },
    },
    {
      name: 'server-features-stay-apart',
      severity: 'error',
      comment:
        "A feature folder imports its own files and the lower layers, never another feature: what two features share goes down a layer, and app.ts never hands one feature another's code (docs/decisions/0085).",
      from: {
        path: `^server/src/(?!(?:${lowerLayers.join('|')}|test|seed)/)([^/]+)/`,
        pathNot: serverTests,
      },
      to: {
        path: '^server/src/[^/]+/',
        pathNot: `^server/src/($1|${lowerLayers.join('|')})/`,
      },
    },
    {
      name: 'server-nothing-imports-the-app',
      severity: 'error',
      comment: 'app.ts wires every folder together; only main.ts and the tests build it.',
      from: { path: '^server/src/', pathNot: `(^server/src/main\\.ts$|${serverTests})` },
      to: { path: '^server/src/app\\.ts$' },
    },
    {
      name: 'server-code-never-imports-test-helpers',
      severity: 'error',
      from: { path: '^server/src/', pathNot: serverTests },
      to: { path: '^server/src/test/' },
    },
    {
      name: 'server-and-web-stay-apart',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^web/' },
    },
    {
      name: 'web-and-server-stay-apart',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|coverage|test-results|playwright-report)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      conditionNames: ['source', 'import', 'default'],
    },
  },
};
