import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { defaultCommunityDistDir, defaultWebDistDir } from './lib/paths.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'panel-config-'));

describe('loadConfig', () => {
  it('uses the documented defaults on the embedded database', () => {
    const cwd = tmp();
    const config = loadConfig({}, { cwd });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: resolve(cwd, 'data'),
      database: { kind: 'pglite', dataDir: resolve(cwd, 'data', 'pglite') },
      seedDemo: true,
      timeZone: 'America/Argentina/Buenos_Aires',
      logLevel: 'info',
      trustProxy: false,
      webDistDir: defaultWebDistDir,
      communityDistDir: defaultCommunityDistDir,
    });
    expect(config.redisUrl).toBeUndefined();
    expect(defaultWebDistDir.endsWith(join('apps', 'web', 'dist'))).toBe(true);
    expect(defaultCommunityDistDir.endsWith(join('apps', 'community', 'dist'))).toBe(true);
  });

  it('generates APP_SECRET once into DATA_DIR/secret.key, readable only by the owner', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    const file = join(dir, 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe(first.appSecret);
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(first.appSecret);
  });

  it('requires APP_SECRET with DATABASE_URL, and turns demo seeding off by default there', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(/APP_SECRET: es obligatoria/);
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h/db', APP_SECRET: 'a'.repeat(32) });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' });
    expect(config.seedDemo).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u@h/db', APP_SECRET: 'a'.repeat(32), SEED_DEMO: '1' }).seedDemo,
    ).toBe(true);
  });

  it('lists every problem with the variable name and a Spanish explanation', () => {
    try {
      loadConfig({
        PORT: 'ochenta',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'verbose',
        APP_TIMEZONE: 'Marte/Olympus',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toMatch(/^Configuración inválida:/);
      for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'APP_TIMEZONE'])
        expect(message).toContain(`${name}:`);
    }
  });

  it('takes METRICS_TOKEN of 32+ visible characters, and refuses a short or spaced one in Spanish', () => {
    const token = 'a'.repeat(32);
    expect(loadConfig({ DATA_DIR: tmp(), METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(loadConfig({ DATA_DIR: tmp() }).metricsToken).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: tmp(), METRICS_TOKEN: 'corto' })).toThrow(
      /METRICS_TOKEN: debe tener al menos 32 caracteres/,
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), METRICS_TOKEN: `${token} b` })).toThrow(/sin espacios/);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: ' ', DATA_DIR: tmp() });
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together, and lower-cases the email', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ADMIN_EMAIL: 'a@b.com' })).toThrow(
      /ADMIN_EMAIL y ADMIN_PASSWORD/,
    );
    const config = loadConfig({
      DATA_DIR: tmp(),
      ADMIN_EMAIL: ' Jefa@B.com ',
      ADMIN_PASSWORD: 'clave-de-la-jefa',
    });
    expect(config.admin.email).toBe('jefa@b.com');
  });

  it('takes OpenID Connect with its three variables together, and reads the groups map', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).oidc).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: tmp(), OIDC_ISSUER: 'https://accounts.google.com' })).toThrow(
      /OIDC_ISSUER, OIDC_CLIENT_ID y OIDC_CLIENT_SECRET: se configuran los tres juntos/,
    );
    const full = {
      DATA_DIR: tmp(),
      OIDC_ISSUER: 'https://login.microsoftonline.com/abc/v2.0/',
      OIDC_CLIENT_ID: 'cliente',
      OIDC_CLIENT_SECRET: 'secreto',
    };
    expect(
      loadConfig({ ...full, OIDC_GROUPS_CLAIM: 'groups', OIDC_GROUP_MAP: 'jefes=admin,norte=seller:4' }).oidc,
    ).toEqual({
      issuer: 'https://login.microsoftonline.com/abc/v2.0',
      clientId: 'cliente',
      clientSecret: 'secreto',
      createSellersBranchId: undefined,
      groupsClaim: 'groups',
      groupMap: [
        { group: 'jefes', role: 'admin' },
        { group: 'norte', role: 'seller', branchId: 4 },
      ],
    });
    expect(() => loadConfig({ ...full, OIDC_GROUP_MAP: 'norte=seller' })).toThrow(
      /a un vendedor le falta la sucursal/,
    );
    expect(() => loadConfig({ ...full, OIDC_ISSUER: 'accounts.google.com' })).toThrow(
      /OIDC_ISSUER: debe ser la URL/,
    );
  });

  it('parses TRUST_PROXY, REDIS_URL and WEB_DIST_DIR', () => {
    const cwd = tmp();
    const env = {
      DATA_DIR: cwd,
      REDIS_URL: 'redis://127.0.0.1:6379',
      WEB_DIST_DIR: 'web',
      COMMUNITY_DIST_DIR: 'comunidad',
    };
    expect(loadConfig({ ...env, TRUST_PROXY: 'true' }, { cwd })).toMatchObject({
      trustProxy: true,
      redisUrl: 'redis://127.0.0.1:6379',
      webDistDir: resolve(cwd, 'web'),
      communityDistDir: resolve(cwd, 'comunidad'),
    });
    expect(loadConfig({ ...env, TRUST_PROXY: '2' }, { cwd }).trustProxy).toBe(2);
    expect(loadConfig({ ...env, TRUST_PROXY: '10.0.0.0/8' }, { cwd }).trustProxy).toEqual(['10.0.0.0/8']);
    expect(() => loadConfig({ ...env, REDIS_URL: 'http://x' }, { cwd })).toThrow(/REDIS_URL/);
  });

  it('reads TRUST_PROXY=1 as one hop (not true), and only addresses, CIDRs or named ranges as a list', () => {
    const cwd = tmp();
    const trust = (TRUST_PROXY: string) => loadConfig({ DATA_DIR: cwd, TRUST_PROXY }, { cwd }).trustProxy;
    expect(trust('1')).toBe(1);
    expect(trust('0')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('TRUE')).toBe(true);
    expect(trust('10.0.0.5')).toEqual(['10.0.0.5']);
    expect(trust(' 10.0.0.0/24 , 2001:db8::/32,loopback ')).toEqual([
      '10.0.0.0/24',
      '2001:db8::/32',
      'loopback',
    ]);
    for (const bad of ['10.0.0.0/33', 'balanceador', '10.0.0.1/8/2', '::1/129', '40']) {
      expect(() => trust(bad), bad).toThrow(ConfigError);
    }
    expect(() => trust('balanceador')).toThrow(/TRUST_PROXY: "balanceador" no es una dirección/);
  });

  it('stores uploads locally under DATA_DIR/uploads by default, or in S3 with its variables', () => {
    const cwd = tmp();
    expect(loadConfig({}, { cwd }).storage).toEqual({
      driver: 'local',
      root: resolve(cwd, 'data', 'uploads'),
    });
    expect(() => loadConfig({ DATA_DIR: tmp(), STORAGE_DRIVER: 's3' })).toThrow(
      /S3_BUCKET: es obligatoria con STORAGE_DRIVER=s3[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), STORAGE_DRIVER: 'ftp' })).toThrow(
      /STORAGE_DRIVER: debe ser local o s3/,
    );
    const s3 = loadConfig({
      DATA_DIR: tmp(),
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'fotos',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secreto',
      S3_PREFIX: 'panel',
    }).storage;
    expect(s3).toEqual({
      driver: 's3',
      bucket: 'fotos',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      accessKeyId: 'id',
      secretAccessKey: 'secreto',
      forcePathStyle: true,
      prefix: 'panel/',
    });
  });
});
