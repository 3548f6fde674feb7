// Every package the lock file installs accepts every Node line the README supports, so `npm install`
// prints no EBADENGINE warning on any of them (a dependency that moves to Node >= 22 within its range
// fails here; docs/decisions/2026-11-22-stack-pins-for-node-20.md says how it was handled before).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const semver = require('semver');
const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));

/** The oldest release of each supported line that `engines` admits. */
const SUPPORTED = ['20.19.0', '22.13.0', '24.0.0', '26.0.0'];

describe('supported Node versions', () => {
  it('engines in package.json names 20.19+, 22, 24 and 26', () => {
    const range = read('../package.json').engines.node;
    for (const version of SUPPORTED) expect(semver.satisfies(version, range), version).toBe(true);
    expect(semver.satisfies('25.0.0', range)).toBe(false);
  });

  it('no installed package excludes one of them (optional platform packages for other systems aside)', () => {
    const lock = read('../package-lock.json');
    const refusals = [];
    for (const [path, pkg] of Object.entries(lock.packages)) {
      const range = pkg.engines?.node;
      if (!path || !range || (pkg.optional && pkg.os && !pkg.os.includes('linux'))) continue;
      for (const version of SUPPORTED) {
        if (!semver.satisfies(version, range))
          refusals.push(`${path}@${pkg.version} (${range}) excludes ${version}`);
      }
    }
    expect(refusals).toEqual([]);
  });
});
