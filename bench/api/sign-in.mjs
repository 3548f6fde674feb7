// How long a sign-in takes, one at a time (not under load), for each way in of a panel account
// (issue 30's closing figures): the password alone, the password then a TOTP code, and a passkey without
// a password. Against the running PGlite bench server; the software passkey of the API tests
// (apps/api/src/testing/webauthn.ts, bundled here with esbuild) answers as a device would.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { Secret, TOTP } from 'otpauth';
import { root } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_SIGN_IN_ROUNDS ?? 15);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function loadSoftPasskey() {
  const dir = mkdtempSync(join(tmpdir(), 'panel-bench-webauthn-'));
  try {
    const outfile = join(dir, 'webauthn.mjs');
    await build({
      entryPoints: [join(root, 'apps/api/src/testing/webauthn.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile,
      logLevel: 'error',
    });
    return (await import(outfile)).SoftPasskey;
  } finally {
    // The module is loaded; its file is no longer needed.
    setTimeout(() => rmSync(dir, { recursive: true, force: true }), 0);
  }
}

async function call(base, method, path, { token, body, origin } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(origin ? { origin } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Times `signIn` ROUNDS times, one after the other; the median and the slowest, in ms. */
async function timed(signIn) {
  const times = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await signIn(i);
    times.push(performance.now() - started);
  }
  return { median: median(times), max: Math.max(...times) };
}

/** `admin`: a signed-in administrator's token, to make the accounts measured. */
export async function benchSignIn(base, admin) {
  const SoftPasskey = await loadSoftPasskey();
  const port = new URL(base).port;
  const origin = `http://localhost:${port}`;
  const run = randomBytes(3).toString('hex');
  const password = 'clave-de-medicion-2026';
  const account = async (label) => {
    const email = `${label}.${run}@medicion.test`;
    await call(base, 'POST', '/api/users', {
      token: admin,
      body: { name: `Medición ${label}`, email, password, role: 'admin' },
    });
    const { token } = await call(base, 'POST', '/api/login', { body: { email, password } });
    return { email, token };
  };

  // The password alone.
  const plain = await account('clave');
  const passwordOnly = await timed(() =>
    call(base, 'POST', '/api/login', { body: { email: plain.email, password } }),
  );

  // Password, then a TOTP code (each round at a later 30-second step: a code is taken once).
  const totp = await account('totp');
  const { secret } = await call(base, 'POST', '/api/me/mfa/totp/setup', { token: totp.token });
  const generator = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  await call(base, 'POST', '/api/me/mfa/totp/confirm', {
    token: totp.token,
    body: { code: generator.generate({ timestamp: Date.now() }) },
  });
  // The server keeps the last step it took and takes codes one step around now: each round waits for
  // the next step would take 30 s a round, so this measures fewer rounds (the code is computed before
  // the clock starts).
  const totpTimes = [];
  let lastStep = Math.floor(Date.now() / 30_000);
  for (let i = 0; i < Math.min(ROUNDS, 3); i++) {
    while (Math.floor(Date.now() / 30_000) <= lastStep) await new Promise((r) => setTimeout(r, 250));
    lastStep = Math.floor(Date.now() / 30_000);
    const code = generator.generate({ timestamp: Date.now() });
    const started = performance.now();
    const first = await call(base, 'POST', '/api/login', { body: { email: totp.email, password } });
    await call(base, 'POST', '/api/login/mfa', { body: { mfa_token: first.mfa_token, code } });
    totpTimes.push(performance.now() - started);
  }
  const withTotp = { median: median(totpTimes), max: Math.max(...totpTimes), rounds: totpTimes.length };

  // A passkey, without a password.
  const keyed = await account('llave');
  const key = new SoftPasskey('localhost', origin);
  const options = (await call(base, 'GET', '/api/me/passkeys/options', { token: keyed.token })).data;
  await call(base, 'POST', '/api/me/passkeys', {
    token: keyed.token,
    body: { response: key.register(options) },
  });
  const withPasskey = await timed(async () => {
    const challenge = (await call(base, 'POST', '/api/login/passkey/options', { body: {} })).data;
    await call(base, 'POST', '/api/login/passkey', { body: { response: key.signIn(challenge) } });
  });

  const ms = (v) => `${v.toFixed(0)} ms`;
  console.log('   sign-in, one at a time (median, slowest):');
  console.log(
    `     password alone                 ${ms(passwordOnly.median).padStart(7)}  ${ms(passwordOnly.max).padStart(7)}  (${ROUNDS} rounds)`,
  );
  console.log(
    `     password + TOTP code           ${ms(withTotp.median).padStart(7)}  ${ms(withTotp.max).padStart(7)}  (${withTotp.rounds} rounds, one per 30 s step)`,
  );
  console.log(
    `     passkey, no password           ${ms(withPasskey.median).padStart(7)}  ${ms(withPasskey.max).padStart(7)}  (${ROUNDS} rounds)`,
  );
  return { passwordOnly, withTotp, withPasskey };
}
