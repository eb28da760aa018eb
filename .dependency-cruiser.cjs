/** Import rules of DESIGN.md 2 and DEVELOPERS.md that the compiler cannot see. */
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
