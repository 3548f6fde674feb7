#!/usr/bin/env node
// Part of `npm run check` (so land.sh and CI refuse it): every package the lock file installs accepts every
// Node line the README supports, so `npm install` prints no EBADENGINE warning on any of them. A dependency
// that moves to Node >= 22 within its range, or a lock file merged back to an older state, fails here;
// docs/decisions/2026-11-22-stack-pins-for-node-20.md says how such a package was kept out before.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const semver = require('semver');
const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));

/** The oldest release of each supported line that `engines` admits; 25 (odd, ended) is left out. */
const SUPPORTED = ['20.19.0', '22.13.0', '24.0.0', '26.0.0'];

const problems = [];
const range = read('../package.json').engines.node;
for (const version of SUPPORTED) {
  if (!semver.satisfies(version, range)) problems.push(`package.json engines (${range}) excludes ${version}`);
}
if (semver.satisfies('25.0.0', range)) problems.push(`package.json engines (${range}) admits Node 25`);
for (const [path, pkg] of Object.entries(read('../package-lock.json').packages)) {
  const needs = pkg.engines?.node;
  // Optional platform packages for other systems (sharp's win32 build) are never installed here.
  if (!path || !needs || (pkg.optional && pkg.os && !pkg.os.includes('linux'))) continue;
  for (const version of SUPPORTED) {
    if (!semver.satisfies(version, needs))
      problems.push(`${path}@${pkg.version} (node ${needs}) excludes ${version}`);
  }
}
if (problems.length) {
  console.error(`engines: ${problems.length} problem(s); npm install would warn (EBADENGINE):`);
  for (const p of problems) console.error(`  ${p}`);
  console.error('  A stale lock entry: remove it from package-lock.json and run npm install again.');
  process.exit(1);
}
console.log(`engines: every package of the lock accepts Node ${SUPPORTED.join(', ')}`);
