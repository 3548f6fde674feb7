import { describe, expect, inject, it } from 'vitest';
import { freePort } from '../../../src/testing/free-port.ts';
import { runRepoScript } from '../../../src/testing/run-script.ts';

/**
 * The CI-sized crash test: scripts/crash-test.mjs with 3 kill -9 on the embedded database (the
 * documented run does 20 on each; docs/reliability.md). It runs the server from source.
 *
 * On PGlite only: there the database dies with the server's process and recovers from its own files
 * at the next start. A server killed beside PostgreSQL is the reliability suite's fault (one of two
 * instances SIGKILLed under load, no acknowledged write lost: scripts/reliability/faults.test.mjs);
 * each fault runs once (docs/decisions/2026-12-02-one-full-api-pass.md).
 */
describe.runIf(inject('dbKind') === 'pglite')(
  'kill -9 under traffic (scripts/crash-test.mjs, 3 kills)',
  () => {
    it('keeps every acknowledged write, whole 12-month sets, the ledger equal to its parts, answers once, no orphan uploads', async () => {
      const args = [
        'scripts/crash-test.mjs',
        '--db',
        'pglite',
        '--kills',
        '3',
        '--source',
        '--port',
        String(await freePort()),
        '--min-ms',
        '1000',
        '--max-ms',
        '4000',
        '--sellers',
        '4',
      ];
      const { code, output } = await runRepoScript(args);
      console.log(output.slice(output.indexOf('=== resumen ===')));
      expect(output).toContain(`pglite: 3/3 caídas superadas`);
      expect(output).not.toContain('FALLA');
      expect(code).toBe(0);
    }, 300_000);
  },
);
