// The real components of the reliability suite (faults.test.mjs), each started by the suite itself:
// a PostgreSQL cluster of its own, an S3-protocol server (s3rver), nginx with deploy/nginx-panel.conf,
// and instances of the panel started the way deploy/panel@.service starts them, with
// deploy/panel.env.example. Redis is the machine's (TEST_REDIS_URL, 127.0.0.1:6379 by default) under
// a database index of the suite's own.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { root, sleep } from '../lib/reliability.mjs';

export const DEPLOY = join(root, 'deploy');

/** An executable found at one of `paths` or on PATH, or null. */
function findTool(name, paths) {
  for (const p of paths) if (existsSync(p)) return p;
  const which = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
}

export const tools = {
  initdb: findTool('initdb', ['/usr/local/bin/initdb', '/usr/lib/postgresql/15/bin/initdb']),
  pgCtl: findTool('pg_ctl', ['/usr/local/bin/pg_ctl', '/usr/lib/postgresql/15/bin/pg_ctl']),
  nginx: findTool('nginx', ['/usr/sbin/nginx']),
};

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The suite's own Redis database (the others use 0); emptied of its keys at the end. */
export const REDIS_DB = 14;

/** Whether Redis answers PING at REDIS_URL within 2 s. */
export async function redisAnswers() {
  const { Redis } = await import('ioredis');
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Deletes the panel's keys in the suite's Redis database. */
export async function cleanRedis() {
  const { Redis } = await import('ioredis');
  const redis = new Redis(`${REDIS_URL.replace(/\/\d*$/, '')}/${REDIS_DB}`, { maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', 'panel:*', 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** [uid, gid] of a system user. */
const idsOf = (user) =>
  ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, user], { encoding: 'utf8' })));

// ---- PostgreSQL ------------------------------------------------------------------------------------

/**
 * A cluster of the suite's own in a temporary directory, on `port`, trust authentication on
 * loopback. PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 */
export function createCluster(port) {
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'panel-fiabilidad-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  if (asRoot) {
    chownSync(dir, ...idsOf('postgres'));
  }
  const run = (tool, args) => {
    const command = asRoot ? 'runuser' : tool;
    const all = asRoot ? ['-u', 'postgres', '--', tool, ...args] : args;
    const result = spawnSync(command, all, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0)
      throw new Error(`${tool} ${args.join(' ')}: ${result.stderr || result.stdout}\n${readLog()}`);
    return result.stdout;
  };
  const readLog = () => (existsSync(log) ? readFileSync(log, 'utf8').slice(-3000) : '');
  run(tools.initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  writeFileSync(
    join(data, 'postgresql.auto.conf'),
    `port = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\nmax_connections = 60\n`,
  );
  if (asRoot) execFileSync('chown', ['postgres', join(data, 'postgresql.auto.conf')]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run(tools.pgCtl, ['start', '-D', data, '-l', log, '-w', '-t', '60']),
    /** A fast shutdown: open sessions are ended (what a restart by the operator or a failover does). */
    stop: () => run(tools.pgCtl, ['stop', '-D', data, '-m', 'fast', '-w', '-t', '60']),
    destroy() {
      spawnSync(asRoot ? 'runuser' : tools.pgCtl, [
        ...(asRoot ? ['-u', 'postgres', '--', tools.pgCtl] : []),
        'stop',
        '-D',
        data,
        '-m',
        'immediate',
      ]);
      rmSync(dir, { recursive: true, force: true });
    },
    log: readLog,
  };
}

// ---- S3 --------------------------------------------------------------------------------------------

/** s3rver on `port` with one bucket; stop() and start() again on the same port and folder. */
export async function createS3(port, bucket = 'panel-fiabilidad') {
  const { default: S3rver } = await import('s3rver');
  const directory = mkdtempSync(join(tmpdir(), 'panel-fiabilidad-s3-'));
  let server = null;
  const s3 = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    directory,
    async start() {
      server = new S3rver({
        address: '127.0.0.1',
        port,
        silent: true,
        directory,
        configureBuckets: [{ name: bucket, configs: [] }],
      });
      await server.run();
    },
    /** Stopped for real: s3rver's close() alone keeps serving its open keep-alive connections. */
    async stop() {
      if (!server) return;
      const closing = server.close();
      server.httpServer.closeAllConnections();
      await closing;
      server = null;
    },
    async destroy() {
      await s3.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
  await s3.start();
  return s3;
}

// ---- The panel as deploy/panel@.service runs it ----------------------------------------------------------

/** KEY=value lines of an EnvironmentFile (comments and blank lines skipped). */
export function readEnvironmentFile(path) {
  const env = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const m = /^\s*([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) env[m[1]] = m[2].trim().replace(/^"(.*)"$/, '$1');
  }
  return env;
}

/** The [Service] settings of deploy/panel@.service that say how an instance runs. */
export function readUnit(path = join(DEPLOY, 'panel@.service')) {
  const unit = { environment: {}, environmentFiles: [] };
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const m = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (!m) continue;
    const [, key, value] = m;
    if (key === 'Environment') {
      const [k, ...v] = value.split('=');
      unit.environment[k] = v.join('=');
    } else if (key === 'EnvironmentFile') unit.environmentFiles.push(value);
    else unit[key] = value;
  }
  return unit;
}

/**
 * One instance on `port`, started as systemd would start panel@<port>: the unit's ExecStart in its
 * WorkingDirectory (this checkout in place of /opt/panel, and this Node in place of /usr/bin/node, so
 * the suite runs on the Node under test), the example environment file in place of
 * /etc/panel/panel.env with `overrides` (the suite's own addresses and secrets), and the unit's
 * Environment with %i = port. stop() sends the unit's KillSignal. Resolves once
 * /api/health/ready answers 200. `script` runs another file in place of the ExecStart's
 * (push-instance.mjs, the launcher that reaches the suite's local push service); everything else
 * stays the unit's.
 */
export async function startInstance(port, overrides, { timeoutMs = 180_000, pidFile, script } = {}) {
  const unit = readUnit();
  const fileEnv = readEnvironmentFile(join(DEPLOY, 'panel.env.example'));
  const unitEnv = Object.fromEntries(
    Object.entries(unit.environment).map(([k, v]) => [k, v.replaceAll('%i', String(port))]),
  );
  const [program, ...args] = unit.ExecStart.split(/\s+/);
  if (program !== '/usr/bin/node' || args.length !== 1)
    throw new Error(`ExecStart inesperado: ${unit.ExecStart}`);
  const child = spawn(process.execPath, script ? [script] : args, {
    cwd: unit.WorkingDirectory === '/opt/panel' ? root : unit.WorkingDirectory,
    env: { PATH: process.env.PATH, ...fileEnv, ...overrides, ...unitEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d) => {
    output = (output + d).slice(-30_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  if (pidFile) writeFileSync(pidFile, `${child.pid}\n`);
  let stopping = Boolean(pidFile); // restarted through its pid file: an exit is expected
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      // An instance that ends by itself is a finding: its last output goes to the suite's log.
      if (!stopping) console.log(`La instancia ${port} terminó sola (${code ?? signal}):\n${output}`);
      resolve({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`La instancia ${port} terminó antes de estar lista:\n${output}`);
    const ready = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ready) break;
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`La instancia ${port} no estuvo lista en ${timeoutMs / 1000} s:\n${output}`);
    }
    await sleep(200);
  }
  return {
    port,
    url,
    child,
    exited,
    readyMs: Date.now() - started,
    output: () => output,
    /** The unit's KillSignal (what `systemctl stop/restart` sends); resolves with the exit. */
    stop: async () => {
      stopping = true;
      child.kill(unit.KillSignal ?? 'SIGTERM');
      return exited;
    },
    kill: async () => {
      stopping = true;
      child.kill('SIGKILL');
      return exited;
    },
  };
}

// ---- nginx -----------------------------------------------------------------------------------------

/**
 * Debian's nginx, unprivileged, with a prefix of its own: the shipped site file with its listen port
 * and upstream servers replaced by the suite's, included from a minimal main configuration.
 */
export function startNginx({ port, upstreams }) {
  const prefix = mkdtempSync(join(tmpdir(), 'panel-fiabilidad-nginx-'));
  const site = readFileSync(join(DEPLOY, 'nginx-panel.conf'), 'utf8');
  const servers = [...site.matchAll(/^\s*server 127\.0\.0\.1:\d+ (.*);$/gm)];
  if (servers.length !== upstreams.length)
    throw new Error(`El sitio nombra ${servers.length} instancias, la prueba ${upstreams.length}`);
  let i = 0;
  const ours = site
    .replace(
      /^(\s*server) 127\.0\.0\.1:\d+ (.*);$/gm,
      (_m, head, rest) => `${head} 127.0.0.1:${upstreams[i++]} ${rest};`,
    )
    .replace(/^\s*listen \[::\]:80;\n/m, '')
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
  writeFileSync(join(prefix, 'panel.conf'), ours);
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 512; }
http {
  access_log ${prefix}/access.log;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${prefix}/panel.conf;
}
`,
  );
  // Unprivileged: as root, as `nobody`, which then owns the prefix.
  const asRoot = userInfo().uid === 0;
  if (asRoot) execFileSync('chown', ['-R', 'nobody', prefix]);
  const base = ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')];
  const nginx = (...args) =>
    asRoot
      ? ['runuser', ['-u', 'nobody', '--', tools.nginx, ...base, ...args]]
      : [tools.nginx, [...base, ...args]];
  const test = spawnSync(...nginx('-t'), { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t: ${test.stderr}`);
  const child = spawn(...nginx(), { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    prefix,
    site: join(prefix, 'panel.conf'),
    /** The command that reloads this nginx (for deploy/rolling-restart.sh). */
    reloadCommand: (() => {
      const [command, args] = nginx('-s', 'reload');
      return [command, ...args].join(' ');
    })(),
    errorLog: () => readFileSync(join(prefix, 'error.log'), 'utf8'),
    async ready() {
      for (let n = 0; n < 100; n++) {
        const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
          .then((r) => r.status === 200)
          .catch(() => false);
        if (ok) return;
        await sleep(100);
      }
      throw new Error('nginx no respondió');
    },
    async stop() {
      spawnSync(...nginx('-s', 'quit'));
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
