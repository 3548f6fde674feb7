// The code's boundaries (docs/architecture.md says them in words). `npm run check` runs
// `scripts/check-boundaries.mjs`, which cruises the tree with these rules and then proves every rule
// against a deliberate violation in tools/boundaries/fixtures.
//
// Paths are relative to the folder dependency-cruiser runs in: the repository root for the real tree,
// the fixture root (which mirrors the repository's layout) for the proof.

/** Files that only tests load: they may reach test helpers and the demo seed. */
const TEST_CODE = [
  '\\.test\\.tsx?$',
  '^apps/api/test/',
  '^apps/[^/]+/src/testing/',
  '^apps/[^/]+/vitest\\.config\\.ts$',
  '^e2e/',
];

/** A rule that forbids imports from files matching `from` to files matching `to`. */
const forbid = ({ name, comment, from, to }) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: to },
});

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A module never reaches itself again through its imports.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-imports-feature',
      comment: 'A panel feature never imports another feature; what two share moves to components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    forbid({
      name: 'web-feature-imports-app',
      comment: 'The app shell (router, layout) loads the features; a feature never reaches back into it.',
      from: '^apps/web/src/features/',
      to: '^apps/web/src/app/',
    }),
    forbid({
      name: 'web-shared-imports-feature',
      comment: "The panel's shared components/ and lib/ never import a feature or the app shell.",
      from: '^apps/web/src/(components|lib)/',
      to: '^apps/web/src/(features|app)/',
    }),
    forbid({
      name: 'web-lib-imports-components',
      comment: 'lib/ is the bottom layer of the panel: no UI components.',
      from: '^apps/web/src/lib/',
      to: '^apps/web/src/components/',
    }),
    forbid({
      name: 'api-service-imports-route-or-plugin',
      comment: 'Services hold the rules; they never depend on the HTTP layer that calls them.',
      from: '^apps/api/src/services/',
      to: '^apps/api/src/(routes|plugins|app\\.ts|server\\.ts|start-server\\.ts|cli\\.ts)',
    }),
    {
      name: 'api-lib-imports-above',
      comment: 'lib/ holds generic helpers: no services, routes, plugins or app.',
      severity: 'error',
      from: { path: '^apps/api/src/lib/' },
      to: {
        path: '^apps/api/src/(services|routes|plugins|demo|app\\.ts|server\\.ts|start-server\\.ts|cli\\.ts)',
      },
    },
    {
      name: 'api-db-imports-above',
      comment:
        'The db layer (client, migrations, schema) imports nothing above it: only db/, lib/ and config.',
      severity: 'error',
      from: { path: '^apps/api/src/db/' },
      to: {
        path: '^apps/api/src/',
        pathNot: '^apps/api/src/(db/|lib/|config\\.ts$)',
      },
    },
    {
      name: 'product-imports-demo-seed',
      comment:
        'The demo seed is loaded by the server start (start-server.ts, called by the entry server.ts) alone; product code never imports it.',
      severity: 'error',
      from: {
        path: '^apps/api/src/',
        pathNot: ['^apps/api/src/(demo/|start-server\\.ts$)', ...TEST_CODE],
      },
      to: { path: '^apps/api/src/demo/' },
    },
    {
      name: 'product-imports-test-helpers',
      comment: 'Product code never imports test helpers, factories or test files.',
      severity: 'error',
      from: { path: '^(apps|packages)/', pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },
    forbid({
      name: 'shared-imports-app',
      comment: 'packages/shared is used by every app and imports none of them.',
      from: '^packages/shared/',
      to: '^(apps|e2e)/',
    }),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|data)/' },
    // Type-only imports count: a type import across a boundary is a dependency too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: {
      mermaid: { minify: false },
    },
  },
};
