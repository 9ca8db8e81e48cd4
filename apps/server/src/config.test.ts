import { createECDH } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addressMatcher,
  ConfigError,
  demoModeDefault,
  findServerRoot,
  isLoopbackHost,
  loadConfig,
  proxyTrust,
  REPO_ROOT,
  SERVER_ROOT,
  trustedProxyCheck,
  vapidKeysFile,
} from './config';
import { MIGRATIONS_FOLDER } from './db/migrate';

/** The environment of a plain `npm start`, plus a secret so that no file is written. */
const base = { AUTH_SECRET: 'config-test-secret-config-test-secret-0123', DATA_DIR: '/tmp/rc-config-test' };
const load = (env: Record<string, string> = {}) => loadConfig({ ...base, ...env });

function problemsOf(env: Record<string, string>): string[] {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('demo mode', () => {
  it('is on, and seeds, for the zero-config local start (embedded database on loopback)', () => {
    const envs: Record<string, string>[] = [
      {},
      { NODE_ENV: 'production' },
      { HOST: '::1' },
      { HOST: 'localhost' },
    ];
    for (const env of envs) {
      const config = load(env);
      expect(config.demoMode).toBe(true);
      expect(config.seedDemo).toBe(true);
    }
    expect(load({ PUBLIC_ORIGIN: 'http://127.0.0.1:3000' }).demoMode).toBe(true);
  });

  it('is off when the server listens beyond loopback, unless asked for by name', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'royalcircle.app']) {
      const config = load({ HOST });
      expect(config.demoMode, HOST).toBe(false);
      expect(config.seedDemo, HOST).toBe(false);
      const asked = load({ HOST, DEMO_MODE: 'true' });
      expect(asked.demoMode, HOST).toBe(true);
      expect(asked.seedDemo, HOST).toBe(true);
    }
  });

  it('is off behind an https (or non-loopback) public origin, unless asked for by name', () => {
    for (const PUBLIC_ORIGIN of [
      'https://royalcircle.app',
      'https://localhost:3000',
      'http://royalcircle.app',
    ]) {
      expect(load({ PUBLIC_ORIGIN }).demoMode, PUBLIC_ORIGIN).toBe(false);
      expect(load({ PUBLIC_ORIGIN, DEMO_MODE: 'true' }).demoMode, PUBLIC_ORIGIN).toBe(true);
    }
  });

  it('is off with an external database unless asked for, as before', () => {
    const env = { DATABASE_URL: 'postgres://localhost/royal' };
    expect(load(env).demoMode).toBe(false);
    expect(load(env).seedDemo).toBe(false);
    expect(load({ ...env, DEMO_MODE: 'true' }).demoMode).toBe(true);
    // Asking for demo mode does not seed an external database by itself.
    expect(load({ ...env, DEMO_MODE: 'true' }).seedDemo).toBe(false);
  });

  it('can be turned off locally, which also stops the seed', () => {
    const config = load({ DEMO_MODE: 'false' });
    expect(config.demoMode).toBe(false);
    expect(config.seedDemo).toBe(false);
  });

  it('explains why its default is off', () => {
    const at = (host: string, publicOrigin = 'http://localhost:3000', embedded = true) =>
      demoModeDefault({ embedded, host, publicOrigin });
    expect(at('127.0.0.1')).toEqual({ on: true });
    expect(at('0.0.0.0').offBecause).toContain('HOST=0.0.0.0');
    expect(at('127.0.0.1', 'https://royalcircle.app').offBecause).toContain('https');
    expect(at('127.0.0.1', 'http://localhost:3000', false).offBecause).toContain('DATABASE_URL');
  });

  it('knows loopback hosts', () => {
    for (const host of [
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '[::1]',
      'localhost',
      'LOCALHOST',
      '::ffff:127.0.0.1',
    ])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      '0.0.0.0',
      '::',
      '',
      '10.0.0.1',
      '128.0.0.1',
      'localhost.example',
      '127.0.0.1.nip.io',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe('SEED_DEMO', () => {
  it('is refused with a clear error where demo mode is off', () => {
    const envs: Record<string, string>[] = [
      { SEED_DEMO: 'true', HOST: '0.0.0.0' },
      { SEED_DEMO: 'true', PUBLIC_ORIGIN: 'https://royalcircle.app' },
      { SEED_DEMO: 'true', DATABASE_URL: 'postgres://localhost/royal' },
      { SEED_DEMO: 'true', DEMO_MODE: 'false' },
    ];
    for (const env of envs) {
      const problems = problemsOf(env);
      expect(problems, JSON.stringify(env)).toHaveLength(1);
      expect(problems[0]).toMatch(/^SEED_DEMO: .*requires demo mode.*DEMO_MODE=true/);
    }
  });

  it('is accepted in demo mode, asked for or by default', () => {
    expect(load({ SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(load({ SEED_DEMO: 'true', HOST: '0.0.0.0', DEMO_MODE: 'true' }).seedDemo).toBe(true);
    const external = { DATABASE_URL: 'postgres://localhost/royal', DEMO_MODE: 'true', SEED_DEMO: 'true' };
    expect(load(external).seedDemo).toBe(true);
    expect(load({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});

describe('paths from source and from the bundle', () => {
  it('finds apps/server, the repository root and the committed migrations', () => {
    expect(JSON.parse(readFileSync(join(SERVER_ROOT, 'package.json'), 'utf8')).name).toBe('@royal/server');
    expect(JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).workspaces).toContain(
      'apps/server',
    );
    expect(MIGRATIONS_FOLDER).toBe(join(SERVER_ROOT, 'drizzle'));
    expect(existsSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'))).toBe(true);
  });

  it('finds apps/server from wherever the code lives: src/, src/db/, dist/ or a chunk folder', () => {
    for (const start of ['src', 'src/db/sql', 'dist', 'dist/chunks'])
      expect(findServerRoot(join(SERVER_ROOT, start)), start).toBe(SERVER_ROOT);
    expect(() => findServerRoot('/')).toThrow(/not found/);
  });

  it('puts ./data and the web build under the repository root', () => {
    expect(load({ DATA_DIR: 'data' }).dataDir).toBe(join(REPO_ROOT, 'data'));
    expect(load({ NODE_ENV: 'production' }).webDist).toBe(join(REPO_ROOT, 'apps/web/dist'));
  });
});

describe('the payment provider', () => {
  it('is the TEST MODE sandbox by default, and Stripe once its keys are set', () => {
    expect(load().payments.provider).toBe('sandbox');
    const stripe = load({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(stripe.payments).toMatchObject({ provider: 'stripe', stripeSecretKey: 'sk_test_x' });
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_x' }).join()).toContain('STRIPE_WEBHOOK_SECRET');
    expect(problemsOf({ PAYMENT_PROVIDER: 'stripe' }).join()).toContain('STRIPE_SECRET_KEY');
  });

  it('is never the sandbox by accident on a real deployment', () => {
    const deployed = { NODE_ENV: 'production', HOST: '0.0.0.0', PUBLIC_ORIGIN: 'https://royalcircle.app' };
    expect(problemsOf(deployed).join()).toContain('PAYMENT_PROVIDER');
    expect(load({ ...deployed, PAYMENT_PROVIDER: 'sandbox' }).payments.provider).toBe('sandbox');
    expect(
      problemsOf({ ...deployed, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
    ).toEqual([]);
    // The zero-config local start (demo mode) keeps the sandbox.
    expect(load({ NODE_ENV: 'production' }).payments.provider).toBe('sandbox');
  });

  it('refuses the tests’ pause switch in production', () => {
    expect(problemsOf({ NODE_ENV: 'production', TEST_PAUSE_AT: 'transfer.before-commit' }).join()).toContain(
      'TEST_PAUSE_AT',
    );
    expect(load({ TEST_PAUSE_AT: 'transfer.before-commit' }).testPauseAt).toBe('transfer.before-commit');
  });
});

describe('ID_DOCUMENT_KEYS', () => {
  const ring = `id1:${Buffer.alloc(32, 3).toString('base64')}`;

  it('is required in production with an external database, like MESSAGE_KEYS', () => {
    const problems = problemsOf({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/app' });
    expect(problems.some((p) => p.startsWith('ID_DOCUMENT_KEYS: required in production'))).toBe(true);
  });

  it('is parsed as its own ring, and a malformed one is refused by name', () => {
    const config = load({ ID_DOCUMENT_KEYS: ring });
    expect(config.idDocumentKeys.current.id).toBe('id1');
    expect(config.idDocumentKeys.keys.has(config.messageKeys.current.id)).toBe(false);
    expect(problemsOf({ ID_DOCUMENT_KEYS: 'id1:short' })).toEqual([
      "ID_DOCUMENT_KEYS: ID document key 'id1' is not 32 bytes (expected id:base64key[,id:base64key…])",
    ]);
  });
});

describe('the VAPID keys web pushes are signed with', () => {
  const privateKey = Buffer.alloc(32, 7);
  const publicOf = (key: Buffer) => {
    const curve = createECDH('prime256v1');
    curve.setPrivateKey(key);
    return curve.getPublicKey().toString('base64url');
  };

  it('are generated once into the data folder on the zero-config start, and read again after', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rc-vapid-'));
    try {
      const first = load({ DATA_DIR: dataDir }).vapid;
      expect(statSync(vapidKeysFile(dataDir)).mode & 0o777).toBe(0o600);
      expect(first.publicKey).toBe(publicOf(Buffer.from(first.privateKey, 'base64url')));
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      expect(load({ DATA_DIR: dataDir }).vapid).toEqual(first);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('come from VAPID_PRIVATE_KEY, base64url or base64 (openssl rand -base64 32), the public key derived', () => {
    for (const text of [privateKey.toString('base64url'), privateKey.toString('base64')]) {
      expect(load({ VAPID_PRIVATE_KEY: text }).vapid).toMatchObject({
        privateKey: privateKey.toString('base64url'),
        publicKey: publicOf(privateKey),
      });
    }
    expect(
      load({ VAPID_PRIVATE_KEY: privateKey.toString('base64url'), VAPID_PUBLIC_KEY: publicOf(privateKey) })
        .vapid.publicKey,
    ).toBe(publicOf(privateKey));
  });

  it('refuse a public key of another pair, one without its private key, and what is no key', () => {
    const other = publicOf(Buffer.alloc(32, 8));
    expect(
      problemsOf({ VAPID_PRIVATE_KEY: privateKey.toString('base64url'), VAPID_PUBLIC_KEY: other }),
    ).toEqual([expect.stringMatching(/^VAPID_PUBLIC_KEY: not the public key of VAPID_PRIVATE_KEY/)]);
    expect(problemsOf({ VAPID_PUBLIC_KEY: other })).toEqual([
      expect.stringMatching(/^VAPID_PUBLIC_KEY: set VAPID_PRIVATE_KEY/),
    ]);
    for (const text of [
      'short',
      Buffer.alloc(31, 1).toString('base64url'),
      'not base64 at all!',
      Buffer.alloc(32, 0).toString('base64url'),
    ])
      expect(problemsOf({ VAPID_PRIVATE_KEY: text }), text).toEqual([
        expect.stringMatching(/^VAPID_PRIVATE_KEY: not /),
      ]);
  });

  it('are required in production with an external database, like the other shared secrets', () => {
    const problems = problemsOf({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/app' });
    expect(problems.some((p) => p.startsWith('VAPID_PRIVATE_KEY: required in production'))).toBe(true);
  });

  it('name a contact: VAPID_SUBJECT, else mailto: the support address', () => {
    expect(load({ PUBLIC_ORIGIN: 'https://royalcircle.app' }).vapid.subject).toBe(
      'mailto:support@royalcircle.app',
    );
    expect(load({ SUPPORT_EMAIL: 'help@example.test' }).vapid.subject).toBe('mailto:help@example.test');
    expect(load({ VAPID_SUBJECT: 'https://royalcircle.app/contact' }).vapid.subject).toBe(
      'https://royalcircle.app/contact',
    );
    expect(problemsOf({ VAPID_SUBJECT: 'royalcircle.app' })).toEqual([
      'VAPID_SUBJECT: a mailto: or https:// URL',
    ]);
  });
});

describe('TRUST_PROXY', () => {
  const trustProxyOf = (value?: string) => load(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;

  it('trusts no proxy by default or when false', () => {
    for (const value of [undefined, 'false', '0', 'no']) expect(trustProxyOf(value), value).toBe(false);
  });

  it('takes a hop count, or the addresses and CIDR ranges of our own proxies', () => {
    expect(trustProxyOf('1')).toBe(1);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf('10.0.0.5, 10.1.0.0/16,fd00::/8, loopback')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('reads true as one hop, never as every hop (the client would choose its own address)', () => {
    expect(trustProxyOf('true')).toBe(1);
    expect(trustProxyOf('yes')).toBe(1);
  });

  it('trusts a counted hop only from a loopback or private address, never from whoever connects', () => {
    const trust = proxyTrust(1);
    if (typeof trust !== 'function') throw new Error('a hop count becomes a trust function');
    for (const proxy of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.0.0.2', '172.20.0.3', 'fd00::5'])
      expect(trust(proxy, 0), proxy).toBe(true);
    expect(trust('203.0.113.9', 0)).toBe(false);
    expect(trust('10.0.0.3', 1)).toBe(false);
    expect(proxyTrust(['10.1.0.0/16'])).toEqual(['10.1.0.0/16']);
    expect(proxyTrust(false)).toBe(false);
  });

  it("says which connections are our proxies', which per-address connection limits leave alone", () => {
    expect(trustedProxyCheck(false)('127.0.0.1')).toBe(false);
    const counted = trustedProxyCheck(1);
    for (const proxy of ['127.0.0.1', '::ffff:10.0.0.2', '172.20.0.3', 'fd00::5'])
      expect(counted(proxy), proxy).toBe(true);
    expect(counted('203.0.113.9')).toBe(false);
    const listed = trustedProxyCheck(['203.0.113.7', '198.51.100.0/24', 'loopback', '2001:db8::/32']);
    for (const proxy of [
      '203.0.113.7',
      '::ffff:203.0.113.7',
      '198.51.100.200',
      '127.0.0.1',
      '::1',
      '2001:db8::9',
    ])
      expect(listed(proxy), proxy).toBe(true);
    for (const client of ['203.0.113.8', '10.0.0.2', '2001:db9::1'])
      expect(listed(client), client).toBe(false);
  });

  it('refuses what is neither, by name', () => {
    for (const value of ['10.0.0.0/33', 'proxy.internal', '10.0.0.1,,nope'])
      expect(problemsOf({ TRUST_PROXY: value }), value).toEqual([
        expect.stringMatching(/^TRUST_PROXY: '[^']+' is not an IP address or CIDR range/),
      ]);
  });
});

describe('the origins a state-changing request or a WebSocket may come from', () => {
  const ring = (id: string, byte: number) => `${id}:${Buffer.alloc(32, byte).toString('base64')}`;
  /** Production on an external database, as a deployment runs (demo mode off). */
  const deployment = (env: Record<string, string>) =>
    load({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db.internal/royal',
      MESSAGE_KEYS: ring('m1', 1),
      ID_DOCUMENT_KEYS: ring('id1', 2),
      VAPID_PRIVATE_KEY: Buffer.alloc(32, 3).toString('base64url'),
      PAYMENT_PROVIDER: 'sandbox',
      ...env,
    });

  it('in production, PUBLIC_ORIGIN alone: never this machine by another name', () => {
    expect(deployment({ PUBLIC_ORIGIN: 'https://royalcircle.app' }).allowedOrigins).toEqual([
      'https://royalcircle.app',
    ]);
    const local = deployment({ PORT: '4000' });
    expect(local.demoMode).toBe(false);
    expect(local.allowedOrigins).toEqual(['http://localhost:4000']);
  });

  it('in a demo on this machine, both its loopback names; in development, the Vite server too', () => {
    expect(load({ NODE_ENV: 'production', PORT: '4000' }).allowedOrigins).toEqual([
      'http://localhost:4000',
      'http://127.0.0.1:4000',
    ]);
    expect(load({ NODE_ENV: 'development', PORT: '4000' }).allowedOrigins).toEqual([
      'http://localhost:4000',
      'http://127.0.0.1:4000',
      'http://localhost:5173',
      'http://127.0.0.1:5173',
    ]);
    expect(load({ NODE_ENV: 'test', PORT: '4000' }).allowedOrigins).toEqual([
      'http://localhost:4000',
      'http://127.0.0.1:4000',
    ]);
  });
});

describe('e-mail settings', () => {
  it('keeps e-mail in the outbox without SMTP_URL, with From and support at the public host', () => {
    expect(load({ PUBLIC_ORIGIN: 'https://royal.example' }).mail).toEqual({
      smtpUrl: undefined,
      from: '"The Royal Circle" <no-reply@royal.example>',
      supportAddress: 'support@royal.example',
    });
  });
  it('takes SMTP_URL, MAIL_FROM and SUPPORT_EMAIL, and refuses a URL that is not smtp(s)', () => {
    const mail = load({
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      MAIL_FROM: 'Royal <hello@royal.example>',
      SUPPORT_EMAIL: 'care@royal.example',
    }).mail;
    expect(mail).toEqual({
      smtpUrl: 'smtps://user:pass@mail.example:465',
      from: 'Royal <hello@royal.example>',
      supportAddress: 'care@royal.example',
    });
    expect(problemsOf({ SMTP_URL: 'http://mail.example' }).join()).toMatch(/SMTP_URL/);
  });
});

describe('METRICS_ALLOW and METRICS_TOKEN', () => {
  it('reads /metrics from loopback only by default, and with no token', () => {
    expect(load().metrics).toEqual({ allow: ['127.0.0.1/32', '::1/128'], token: undefined });
  });

  it('takes addresses, CIDR ranges and named ranges; empty leaves only the token', () => {
    const token = 'a'.repeat(64);
    expect(load({ METRICS_ALLOW: '10.0.0.0/8, fd00::/8,127.0.0.1', METRICS_TOKEN: token }).metrics).toEqual({
      allow: ['10.0.0.0/8', 'fd00::/8', '127.0.0.1'],
      token,
    });
    expect(load({ METRICS_ALLOW: '' }).metrics.allow).toEqual([]);
  });

  it('matches an address against the list, an IPv4-mapped address as its IPv4 one', () => {
    const allowed = addressMatcher(['127.0.0.1/32', '::1/128', '10.0.0.0/8']);
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '::1', '10.20.30.40'])
      expect(allowed(address), address).toBe(true);
    for (const address of ['127.0.0.2', '203.0.113.9', '::2', '', 'unknown'])
      expect(allowed(address), address).toBe(false);
    expect(addressMatcher([])('127.0.0.1')).toBe(false);
  });

  it('refuses an entry that is no address or range, and a short or spaced token, by name', () => {
    expect(problemsOf({ METRICS_ALLOW: '10.0.0.0/8,prometheus.internal' })).toEqual([
      expect.stringMatching(/^METRICS_ALLOW: 'prometheus.internal' is not an IP address or CIDR range/),
    ]);
    for (const token of ['short', `${'a'.repeat(40)} b`])
      expect(problemsOf({ METRICS_TOKEN: token }), token).toEqual([
        expect.stringMatching(/^METRICS_TOKEN: 32 to 256 printable characters without spaces/),
      ]);
  });
});
