#!/usr/bin/env node
// The boundary check of `npm run check` (rules: .dependency-cruiser.cjs; in words: docs/architecture.md).
//   1. the real tree has no violation;
//   2. every rule catches its deliberate violation in tools/boundaries/fixtures, and nothing else fires
//      there (the fixtures' allowed imports prove that no rule is broader than it says).
//   3. the layer drawing in docs/architecture.md is the one the code gives today
//      (`npm run boundaries -- --write-graph` regenerates it).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const config = join(root, '.dependency-cruiser.cjs');
const bin = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const SOURCES = [
  'apps/api/src',
  'apps/api/test',
  'apps/web/src',
  'apps/community/src',
  'packages/shared/src',
  'e2e',
];

/** Cruises `paths` from `cwd` and returns the violations as {rule, from, to}. */
function cruise(cwd, paths, extra = []) {
  const r = spawnSync(
    process.execPath,
    [bin, '--config', config, '--output-type', 'json', ...extra, ...paths],
    {
      cwd,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  if (!r.stdout) {
    console.error(r.stderr);
    process.exit(2);
  }
  return JSON.parse(r.stdout).summary.violations.map((v) => ({
    rule: v.rule.name,
    from: v.from,
    to: v.cycle ? v.cycle.map((c) => c.name ?? c).join(' → ') : v.to,
  }));
}

/** Every rule's deliberate violation in the fixture tree; nothing else may fire there. */
const EXPECTED = [
  ['no-cycles', 'apps/web/src/features/gamma/cycle-a.ts'],
  ['web-feature-imports-feature', 'apps/web/src/features/alpha/components/alpha-page.tsx'],
  ['web-feature-imports-app', 'apps/web/src/features/beta/api/get-beta.ts'],
  ['web-shared-imports-feature', 'apps/web/src/components/shared-widget.tsx'],
  ['web-lib-imports-components', 'apps/web/src/lib/helper.ts'],
  ['api-service-imports-route-or-plugin', 'apps/api/src/services/points/award.ts'],
  ['api-service-imports-route-or-plugin', 'apps/api/src/services/points/award.ts'],
  ['api-lib-imports-above', 'apps/api/src/lib/list-query.ts'],
  ['api-db-imports-above', 'apps/api/src/db/client.ts'],
  ['product-imports-demo-seed', 'apps/api/src/routes/posts/list-posts.ts'],
  ['product-imports-test-helpers', 'apps/api/src/plugins/docs.ts'],
  ['product-imports-test-helpers', 'apps/web/src/app/router.tsx'],
  ['shared-imports-app', 'packages/shared/src/users.ts'],
];

/** The layer drawing of docs/architecture.md: every source folder's top level, tests left out. */
function drawing() {
  const r = spawnSync(
    process.execPath,
    [
      bin,
      '--config',
      config,
      '--output-type',
      'mermaid',
      '--include-only',
      '^(apps/[^/]+/src|packages/shared)',
      '--exclude',
      '\\.test\\.tsx?$|/testing/',
      '--collapse',
      '^(apps/[^/]+/src/[^/]+|packages/shared)',
      'apps/api/src',
      'apps/web/src',
      'apps/community/src',
      'packages/shared/src',
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (r.status !== 0) {
    console.error(r.stderr);
    process.exit(2);
  }
  return `\`\`\`mermaid\n${r.stdout.trim()}\n\`\`\``;
}
const doc = join(root, 'docs/architecture.md');
const GRAPH = /(<!-- graph:start[^>]*-->\n)[\s\S]*?(\n<!-- graph:end -->)/;

let failed = false;
const current = readFileSync(doc, 'utf8');
const fresh = current.replace(GRAPH, (_, start, end) => `${start}${drawing()}${end}`);
if (process.argv.includes('--write-graph')) {
  writeFileSync(doc, fresh);
  console.log('boundaries: the drawing in docs/architecture.md is regenerated');
} else if (fresh !== current) {
  console.error(
    'boundaries: the drawing in docs/architecture.md is out of date: run `npm run boundaries -- --write-graph`',
  );
  failed = true;
}

const real = cruise(root, SOURCES);
for (const v of real) console.error(`  ${v.rule}: ${v.from} → ${v.to}`);
if (real.length) {
  console.error(`boundaries: ${real.length} violation(s) in the tree (rules in .dependency-cruiser.cjs)`);
  failed = true;
}

const fixtures = join(root, 'tools/boundaries/fixtures');
const seen = cruise(fixtures, ['apps', 'packages']);
const key = ([rule, from]) => `${rule} ${from}`;
const got = seen.map((v) => key([v.rule, v.from])).sort();
const want = EXPECTED.map(key).sort();
const rules = require(config).forbidden.map((r) => r.name);
const unproven = rules.filter((name) => !EXPECTED.some(([rule]) => rule === name));
if (JSON.stringify(got) !== JSON.stringify(want) || unproven.length) {
  console.error(
    'boundaries: the rules do not catch exactly the deliberate violations in tools/boundaries/fixtures',
  );
  console.error(`  expected:\n    ${want.join('\n    ')}\n  caught:\n    ${got.join('\n    ')}`);
  if (unproven.length) console.error(`  rules without a fixture: ${unproven.join(', ')}`);
  failed = true;
}
if (failed) process.exit(1);
console.log(`boundaries: ${rules.length} rules hold; each caught its deliberate violation in the fixtures`);
