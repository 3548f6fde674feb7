// Distributed password guessing against one account while its owner signs in (issue 20, item 6).
//
//   node bench/api/login-attack.mjs [--addresses 24] [--guesses 9] [--source]
//
// Starts the server (built, or the TypeScript source with --source) on PGlite in a temporary
// DATA_DIR, with real (OWASP) scrypt, on BENCH_PORT (default 3530). The owner signs in once from
// 127.0.0.1 and keeps what the server gave that browser (the device cookie, when there is one). Then
// --addresses attackers, each on its own loopback address (127.0.1.x), send --guesses wrong passwords
// each, all at once, while the owner signs in every second from their known device. Prints how many
// guesses the server evaluated (401) and refused (429), the guesses per minute, and the owner's
// sign-in times. Figures, not assertions: the machine is shared.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serverProcess } from '../../scripts/lib/server-process.mjs';
import { load, machine, startProcess, stopProcess } from './lib.mjs';

const { values } = parseArgs({
  options: {
    addresses: { type: 'string', default: '24' },
    guesses: { type: 'string', default: '9' },
    source: { type: 'boolean', default: false },
  },
});
const ADDRESSES = Number(values.addresses);
const GUESSES = Number(values.guesses);
const PORT = Number(process.env.BENCH_PORT ?? 3530);
const EMAIL = 'duena@empresa.com.ar';
const PASSWORD = 'clave-de-la-duena-2026';

/** One POST /api/login from a given local address; resolves with status, cookie and milliseconds. */
function login({ password, from, cookie }) {
  const body = JSON.stringify({ email: EMAIL, password });
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: '/api/login',
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            setCookie: res.headers['set-cookie']?.map((c) => c.split(';')[0]).join('; '),
            ms: performance.now() - t0,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'panel-login-attack-'));
const env = {
  DATA_DIR: dataDir,
  SEED_DEMO: '0',
  ADMIN_EMAIL: EMAIL,
  ADMIN_PASSWORD: PASSWORD,
  LOG_LEVEL: 'warn',
};
const run = serverProcess({ ...process.env, ...env });
const args = values.source ? ['--import', 'tsx', 'apps/api/src/server.ts'] : run.args;
console.log(`Máquina: ${machine()}, carga ${load()}`);
const server = await startProcess({ args, env: run.env, port: PORT });
try {
  const first = await login({ password: PASSWORD, from: '127.0.0.1' });
  if (first.status !== 200) throw new Error(`la dueña no pudo iniciar sesión: ${first.status}`);
  const cookie = first.setCookie;
  console.log(
    `Dueña: primer inicio ${first.ms.toFixed(0)} ms; cookie de dispositivo: ${cookie ? 'sí' : 'no'}`,
  );

  const owner = [];
  let attacking = true;
  const ownerLoop = (async () => {
    while (attacking) {
      const r = await login({ password: PASSWORD, from: '127.0.0.1', cookie });
      owner.push(r);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  const t0 = performance.now();
  const results = await Promise.all(
    Array.from({ length: ADDRESSES }, async (_, a) => {
      const codes = [];
      for (let g = 0; g < GUESSES; g++) {
        codes.push((await login({ password: `mala-${a}-${g}`, from: `127.0.1.${a + 1}` })).status);
      }
      return codes;
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  attacking = false;
  await ownerLoop;

  const codes = results.flat();
  const evaluated = codes.filter((c) => c === 401).length;
  const refused = codes.filter((c) => c === 429).length;
  const times = owner.map((r) => r.ms).sort((x, y) => x - y);
  const ownerOk = owner.filter((r) => r.status === 200).length;
  console.log(
    `Ataque: ${ADDRESSES} direcciones × ${GUESSES} = ${codes.length} intentos en ${seconds.toFixed(1)} s; ` +
      `evaluados (401) ${evaluated}, rechazados (429) ${refused}, otros ${codes.length - evaluated - refused}; ` +
      `${((evaluated / seconds) * 60).toFixed(0)} contraseñas probadas por minuto`,
  );
  console.log(
    `Dueña durante el ataque: ${ownerOk}/${owner.length} inicios aceptados; mediana ` +
      `${times[Math.floor(times.length / 2)]?.toFixed(0)} ms, máximo ${times.at(-1)?.toFixed(0)} ms`,
  );
  console.log(`Carga al terminar: ${load()}`);
} finally {
  await stopProcess(server.proc);
  rmSync(dataDir, { recursive: true, force: true });
}
