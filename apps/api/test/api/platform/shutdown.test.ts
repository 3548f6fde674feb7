import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { freePort } from '../../../src/testing/free-port.ts';
import { runRepoScript } from '../../../src/testing/run-script.ts';

/**
 * The CI-sized load and SIGTERM test: scripts/load-test.mjs with 10 sellers for 5 s on the embedded
 * database (the documented run is 300 sellers for 60 s on PostgreSQL; docs/reliability.md).
 *
 * On PGlite only: there the drain also closes the database the process holds. SIGTERM under load
 * beside PostgreSQL is the reliability suite's rolling restart (0 failed requests, no acknowledged
 * write lost, exit 0: scripts/reliability/faults.test.mjs); each fault runs once
 * (docs/decisions/2026-12-02-one-full-api-pass.md).
 */
describe.runIf(inject('dbKind') === 'pglite')(
  'load, then SIGTERM under load (scripts/load-test.mjs, CI size)',
  () => {
    it('answers without 5xx or timeouts, then drains: nothing accepted is cut, nothing acknowledged lost, exit 0', async () => {
      const report = join(tmpdir(), `panel-load-pglite-${process.pid}.json`);
      const args = [
        'scripts/load-test.mjs',
        '--db',
        'pglite',
        '--sellers',
        '10',
        '--duration',
        '5',
        '--admins',
        '2',
        '--source',
        '--port',
        String(await freePort()),
        '--json',
        report,
      ];
      const { code, output } = await runRepoScript(args);
      console.log(output);
      const figures = JSON.parse(readFileSync(report, 'utf8'));
      rmSync(report, { force: true });
      expect(figures.phase1.simulatorErrors).toBe(0);
      expect(figures.phase1.admin).toMatchObject({ e5xx: 0, timeouts: 0, network: [] });
      expect(figures.phase2).toMatchObject({ exitCode: 0, cut: 0, e5xx: 0, lost: 0 });
      expect(figures.phase2.acked).toBeGreaterThanOrEqual(5);
      expect(code).toBe(0);
    }, 300_000);
  },
);
