import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WAITLIST_APPLICATIONS_PER_HOUR } from '@royal/shared';
import webpush from 'web-push';
import { z } from 'zod';
import { defaultRedisPrefix, normalizedRedisPrefix } from './adapters/bus/prefix';
import { formatKeyRing, type KeyRing, newRingKey, parseKeyRing } from './lib/key-ring';
import type { MessageKeyRing } from './lib/message-crypto';

const ID_DOCUMENT_KEY_LABEL = 'ID document key';

/**
 * apps/server, found by walking up from this module to the package.json named `@royal/server`. The
 * same code runs from source (`src/config.ts` under tsx or vitest) and from the bundle
 * (`dist/server.js`, `dist/seed.js` or a shared chunk beside them), so no fixed `../..` fits both.
 */
export const SERVER_ROOT = findServerRoot(dirname(fileURLToPath(import.meta.url)));

/** Repository root, so that `./data` means the same folder whichever workspace runs the command. */
export const REPO_ROOT = resolve(SERVER_ROOT, '../..');

export function findServerRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@royal/server')
      return dir;
    if (dirname(dir) === dir) throw new Error(`apps/server/package.json not found above ${start}`);
  }
}

/** 127.0.0.0/8, ::1 and localhost: addresses no other machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return (
    h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h)
  );
}

/**
 * Demo mode publishes a password and opens the dev mailbox, so it turns itself on only for the
 * zero-config local start: the embedded database, listening on loopback, browsed at a plain-http
 * loopback origin. Anywhere else it must be asked for by name (`DEMO_MODE=true`).
 */
export function demoModeDefault(input: { embedded: boolean; host: string; publicOrigin: string }): {
  on: boolean;
  /** Why the default is off, for the start-up log; undefined when it is on. */
  offBecause?: string;
} {
  if (!input.embedded) return { on: false, offBecause: 'DATABASE_URL points at an external database' };
  if (!isLoopbackHost(input.host))
    return { on: false, offBecause: `HOST=${input.host} listens beyond loopback` };
  const origin = new URL(input.publicOrigin);
  if (origin.protocol === 'https:')
    return { on: false, offBecause: `PUBLIC_ORIGIN ${input.publicOrigin} is https` };
  if (!isLoopbackHost(origin.hostname))
    return { on: false, offBecause: `PUBLIC_ORIGIN ${input.publicOrigin} is not a loopback address` };
  return { on: true };
}

/**
 * The origins whose state-changing requests and WebSockets are accepted: PUBLIC_ORIGIN. Also this
 * machine's two names for the server's port outside production, and in a demo browsed on this
 * machine (its banner names one, the other is typed as often); and the Vite dev server in
 * development. A production server accepts its public origin alone: a page served on the member's
 * own machine is not ours.
 */
export function allowedOrigins(input: {
  env: AppConfig['env'];
  publicOrigin: string;
  port: number;
  demoMode: boolean;
}): string[] {
  const local =
    input.env !== 'production' || (input.demoMode && isLoopbackHost(new URL(input.publicOrigin).hostname));
  return [
    ...new Set([
      input.publicOrigin,
      ...(local ? [`http://127.0.0.1:${input.port}`, `http://localhost:${input.port}`] : []),
      ...(input.env === 'development' ? ['http://localhost:5173', 'http://127.0.0.1:5173'] : []),
    ]),
  ];
}

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** No proxy, how many proxies stand in front of us (see `proxyTrust`), or their addresses and ranges. */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for whole ranges, which Fastify accepts beside addresses and CIDRs. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/**
 * A comma-separated list of addresses, CIDR ranges and named ranges (TRUST_PROXY, METRICS_ALLOW);
 * each entry that is none of them is an issue saying what was `expected`.
 */
function addressEntries(text: string, ctx: z.RefinementCtx, expected: string): string[] {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries.filter((e) => !isProxyAddress(e))) {
    ctx.issues.push({
      code: 'custom',
      input: text,
      message: `'${entry}' is not an IP address or CIDR range (expected ${expected})`,
    });
  }
  return entries;
}

/**
 * `true` used to make Fastify trust every hop, so `request.ip` was the leftmost X-Forwarded-For entry,
 * which the client writes itself, and every per-address limit was keyed on it. So this takes a hop
 * count or a list of our proxies, and never trusts all. `true` is read as one hop rather than
 * refused: it was the documented way to run behind a proxy, and behind the usual single one (on the
 * host or the private network) the address that proxy saw is the right key.
 */
const trustProxyFromEnv = z
  .string()
  .trim()
  .transform((text, ctx): TrustProxy => {
    const value = text.toLowerCase();
    if (['', 'false', '0', 'no'].includes(value)) return false;
    if (value === 'true' || value === 'yes') return 1;
    if (/^\d+$/.test(value)) return Number(value);
    return addressEntries(
      text,
      ctx,
      "false, a hop count such as 1, or your proxies' addresses and CIDR ranges separated by commas",
    );
  });

/** proxy-addr's named ranges as subnets: loopback, link-local and private (RFC 1918, IPv6 unique-local). */
const NAMED_SUBNETS: Readonly<Record<string, readonly (readonly [string, number])[]>> = {
  loopback: [
    ['127.0.0.0', 8],
    ['::1', 128],
  ],
  linklocal: [
    ['169.254.0.0', 16],
    ['fe80::', 10],
  ],
  uniquelocal: [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['fc00::', 7],
  ],
};

/** Addresses, CIDR ranges and named ranges (as TRUST_PROXY lists them) as one list to check against. */
function subnetList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const subnets = NAMED_SUBNETS[entry] ?? [
      [address, bits === undefined ? (isIP(address) === 4 ? 32 : 128) : Number(bits)],
    ];
    for (const [network, prefix] of subnets)
      list.addSubnet(network, prefix, isIP(network) === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

/** Whether `address` (an IPv4-mapped IPv6 address as its IPv4 address) is in `list`. */
function inList(list: BlockList, address: string): boolean {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const version = isIP(plain);
  return version !== 0 && list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether an address is in a list of addresses, CIDR ranges and named ranges (TRUST_PROXY's and
 * METRICS_ALLOW's format); an IPv4-mapped IPv6 address counts as its IPv4 address.
 */
export function addressMatcher(entries: readonly string[]): (address: string) => boolean {
  const list = subnetList(entries);
  return (address) => inList(list, address);
}

/** Loopback, link-local and private ranges: where our own proxies sit. */
const PRIVATE_NETWORKS = subnetList(Object.keys(NAMED_SUBNETS));

const isPrivateAddress = (address: string) => inList(PRIVATE_NETWORKS, address);

/**
 * Whether a connection from `address` comes from one of our proxies (TRUST_PROXY as `proxyTrust`
 * reads it: a hop count trusts loopback and private addresses, a list its entries). Such a
 * connection carries many clients, so per-address connection limits do not count it.
 */
export function trustedProxyCheck(setting: TrustProxy): (address: string) => boolean {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (address) => setting > 0 && isPrivateAddress(address);
  const list = subnetList(setting);
  return (address) => inList(list, address);
}

/**
 * The setting as Fastify's `trustProxy`. Fastify 5 turned plain hop counts off (a number trusts no
 * proxy at all): they trust whoever connects, so a client reaching the server directly could name
 * its own address. A count here therefore trusts at most that many hops, and each only when it
 * comes from a loopback or private address; a proxy on a public address must be listed by address.
 */
export function proxyTrust(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (address, hop) => hop < setting && isPrivateAddress(address);
}

/**
 * METRICS_ALLOW: who may read /metrics by address (modules/metrics, decision 066). Entries as in
 * TRUST_PROXY; empty leaves only the token.
 */
const metricsAllowFromEnv = z
  .string()
  .trim()
  .transform((text, ctx): string[] => {
    return addressEntries(
      text,
      ctx,
      'addresses and CIDR ranges separated by commas, such as 127.0.0.1/32,10.0.0.0/8',
    );
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_ORIGIN: z.url().optional().describe('Origin the browser uses, e.g. https://royalcircle.app'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  REDIS_URL: z.string().startsWith('redis').optional(),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(3_000)
    .describe(
      'On SIGTERM: how long the instance answers "not ready" before it closes (the proxy moves away)',
    ),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .default(10_000)
    .describe('On SIGTERM: how long requests in flight may take to finish before the process exits anyway'),
  DB_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    // A refused or dropped connection fails at once whatever this is; the wait bounds a server that
    // does not answer, and a burst on a busy instance (decision 063). Below the 2 s in which an
    // outage's 503 is promised: a request that waited all of it still has time to be answered. It
    // is one budget for all of a request's waits (db/connection-budget.ts).
    .default(1_800)
    .describe(
      'How long a request waits for PostgreSQL connections, all its waits together, before answering 503',
    ),
  DB_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(5_000)
    .describe('PostgreSQL statement_timeout of the app (migrations run without one)'),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  REDIS_PREFIX: z
    .string()
    .regex(/^[!-~]{1,64}$/, '1 to 64 printable characters without spaces, such as royal-production')
    .optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  MESSAGE_KEYS: z.string().optional(),
  ID_DOCUMENT_KEYS: z.string().optional(),
  DEMO_MODE: booleanFromEnv.optional(),
  SEED_DEMO: booleanFromEnv.optional(),
  INVITE_ONLY: booleanFromEnv.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STATEMENT_STATS: booleanFromEnv.default(false),
  TRUST_PROXY: trustProxyFromEnv.default(false),
  WEB_DIST: z.string().optional(),
  API_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(600),
  AUTH_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  UPLOAD_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  WAITLIST_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(WAITLIST_APPLICATIONS_PER_HOUR),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  AUTH_MAIL_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_PER_ACCOUNT_HOURLY: z.coerce.number().int().positive().default(50),
  PAGE_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(120),
  PAGE_RATE_LIMIT_PER_MEMBER: z.coerce.number().int().positive().default(30),
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(256),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional().describe('An S3-compatible endpoint (MinIO, R2, …); AWS when unset'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  S3_PREFIX: z.string().default(''),
  PHOTO_AUTO_APPROVE: booleanFromEnv.default(true),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'an smtp:// or smtps:// URL')
    .optional()
    .describe('The mail server; unset keeps every e-mail in the outbox (the dev mailbox shows them)'),
  MAIL_FROM: z
    .string()
    .min(3)
    .optional()
    .describe('The From of every e-mail; default no-reply@ the public host'),
  SUPPORT_EMAIL: z
    .email()
    .optional()
    .describe('Where unsubscribe requests go; default support@ the public host'),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .optional()
    .describe('The VAPID private key web pushes are signed with: 32 bytes, base64url (or base64)'),
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .optional()
    .describe('Its public key (base64url); derived from the private key when unset, checked when set'),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'a mailto: or https:// URL')
    .optional()
    .describe('Who push services may contact about our pushes; default mailto: the support address'),
  SMS_PROVIDER: z
    .enum(['console'])
    .default('console')
    .describe('Who sends texts (a shared date, an alert): console writes each to the log'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  STRIPE_API_URL: z.url().optional().describe('Another Stripe API base (a local stand-in in tests)'),
  TEST_PAUSE_AT: z.string().optional(),
  METRICS_ALLOW: metricsAllowFromEnv.default(['127.0.0.1/32', '::1/128']),
  METRICS_TOKEN: z
    .string()
    .regex(
      /^[!-~]{32,256}$/,
      '32 to 256 printable characters without spaces, such as the output of openssl rand -hex 32',
    )
    .optional()
    .describe('A bearer token that also admits a /metrics scrape; unset, only METRICS_ALLOW admits'),
});

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Prepended to every key (several apps sharing a bucket). */
  prefix: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

/** What one client may hold open, and how long a request may take to arrive (plugins/connections.ts, app.ts). */
export type ConnectionLimits = {
  /** Open connections from one address (an IPv6 /64), WebSockets included; our proxies' are not counted. */
  perAddress: number;
  /** A request's headers must have arrived this long after it began (or after the connection opened). */
  headersTimeoutMs: number;
  /** The far ceiling for a whole request to arrive, however steadily its body comes. */
  requestTimeoutMs: number;
  /** A connection on which nothing moves either way for this long is closed (WebSockets excepted). */
  idleTimeoutMs: number;
  /** A request body may come slower than minBodyBytesPerSecond for this long at first. */
  bodyGraceMs: number;
  /** The average pace a request body must keep after the grace. */
  minBodyBytesPerSecond: number;
};

export const CONNECTION_LIMITS: Omit<ConnectionLimits, 'perAddress'> = {
  headersTimeoutMs: 20_000,
  // A 10 MB ID image and a selfie at ~300 kbit/s; a body that stalls is cut long before (the pace).
  requestTimeoutMs: 10 * 60_000,
  // Longer than keep-alive's 72 s (Fastify's default), which closes an idle kept-alive connection first.
  idleTimeoutMs: 2 * 60_000,
  bodyGraceMs: 10_000,
  minBodyBytesPerSecond: 1024,
};

export type AppConfig = Readonly<{
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicOrigin: string;
  /** Origins whose state-changing requests are accepted (the public origin plus the Vite dev server). */
  allowedOrigins: readonly string[];
  dataDir: string;
  /** PostgreSQL URL; absent means the embedded PGlite database in `dataDir/db` (or in memory for tests). */
  databaseUrl: string | undefined;
  /** In-memory PGlite, for tests. */
  databaseInMemory: boolean;
  /**
   * PostgreSQL's time limits (db/client.ts, decision 063): waiting for a connection, one statement,
   * and a transaction left idle; none applies to the embedded PGlite.
   */
  databaseTimeouts: { connectMs: number; statementMs: number; idleInTransactionMs: number };
  redisUrl: string | undefined;
  /** What this deployment's Redis names start with: the bus's channel, every key (adapters/bus/prefix.ts). */
  redisPrefix: string;
  authSecret: string;
  /** Keys that encrypt chat messages at rest (lib/message-crypto.ts); the first encrypts. */
  messageKeys: MessageKeyRing;
  /** Where a generated key ring is kept (zero-config start); undefined when MESSAGE_KEYS is set. */
  messageKeysFile: string | undefined;
  /** Keys that encrypt ID and selfie images at rest (the ID store); its own ring, never the messages'. */
  idDocumentKeys: KeyRing;
  /** Demo logins with the published password, the dev mailbox, the banner. See `demoModeDefault`. */
  demoMode: boolean;
  /** Write the demo members into an empty database at start; only ever true in demo mode. */
  seedDemo: boolean;
  /**
   * Sign-up needs a valid invite or referral code (INVITE_ONLY; on by default, off in demo mode and
   * in tests unless set). See modules/waitlist/sign-up-gate.ts.
   */
  inviteOnly: boolean;
  logLevel: string;
  /** Diagnostics for benchmarks: every API reply says how many SQL statements it ran (x-statements). */
  statementStats: boolean;
  /** Which hops of X-Forwarded-For are our proxies (see `proxyTrust`); `request.ip` is the next one out. */
  trustProxy: TrustProxy;
  /**
   * Who may read /metrics (modules/metrics, decision 066): a caller whose address (`request.ip`) is in
   * `allow`, or one carrying `Authorization: Bearer <token>` (undefined: no token admits).
   */
  metrics: { allow: readonly string[]; token: string | undefined };
  connections: ConnectionLimits;
  /** Object storage on an S3-compatible service; undefined keeps the private local folder. */
  s3: S3Settings | undefined;
  /** A confident safe score approves a new photo at once; off, every photo waits for an admin. */
  photoAutoApprove: boolean;
  webDist: string | undefined;
  secureCookies: boolean;
  /** Graceful shutdown (lib/lifecycle.ts, decision 064): the drain delay and the bound on what follows. */
  shutdown: { drainMs: number; timeoutMs: number };
  payments: {
    /** 'sandbox' (the default: the app's own TEST MODE checkout) or 'stripe'. */
    provider: 'sandbox' | 'stripe';
    stripeSecretKey: string | undefined;
    stripeWebhookSecret: string | undefined;
    /** Where the Stripe SDK sends its calls (default Stripe's own API). */
    stripeApiUrl: string | undefined;
  };
  /**
   * Tests only (refused in production): the named step of a money operation stops and waits there, so
   * a test can SIGKILL the server at exactly that point. See lib/pause-point.ts.
   */
  testPauseAt: string | undefined;
  /**
   * E-mail (modules/mail, adapters/mail/smtp.ts): `smtpUrl` undefined keeps every e-mail in the outbox
   * (the dev mailbox). Notice mails' List-Unsubscribe points at `mailto:` the support address: no
   * member setting turns e-mail off yet (the settings hold push, match, message and safe-meeting
   * notifications only), so a one-click link would have nothing honest to switch off.
   */
  mail: { smtpUrl: string | undefined; from: string; supportAddress: string };
  /**
   * Web push (modules/push, adapters/push/web-push.ts): the VAPID key pair every push is signed with
   * (base64url; browsers subscribe with the public key, so changing it orphans every device) and
   * the `sub` claim, whom a push service may contact.
   */
  vapid: VapidSettings;
  /**
   * Texts to emergency contacts (modules/sms, ports/sms.ts): `console` writes each to the log (in
   * production only its masked number); a provider adapter would be chosen here.
   */
  sms: { provider: 'console' };
  /**
   * Member pages rendered on the server (a member's /app: their first screen's data and a React
   * render each) per minute; past either, the page is sent as the plain app shell (pages/web.ts).
   */
  pageRateLimits: { perAddressPerMinute: number; perMemberPerMinute: number };
  rateLimits: {
    apiPerAddressPerMinute: number;
    authPerAddressPerMinute: number;
    /** Photo uploads per minute per address (each is decoded and re-encoded: CPU). */
    uploadsPerAddressPerMinute: number;
    /** Waitlist applications per hour per address. */
    waitlistPerAddressPerHour: number;
    /** Requests that e-mail a link (recovery, confirmation, e-mail change) per hour per address. */
    authMailPerAddressPerHour: number;
    /** Failed sign-ins of one account from one address per 15 minutes. */
    authFailuresPerAccountPer15Min: number;
    /** Failed sign-ins of one account from every address together per hour (the slower ceiling). */
    authFailuresPerAccountPerHour: number;
  };
}>;

export type VapidSettings = { publicKey: string; privateKey: string; subject: string };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the secret from the data folder, creating it once, so sessions survive restarts with zero config. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export const messageKeysFile = (dataDir: string) => join(dataDir, 'message-keys');

export const idDocumentKeysFile = (dataDir: string) => join(dataDir, 'id-document-keys');

/** A generated key ring in the data folder, created once (one key) on the zero-config start. */
export function readKeyRingFile(file: string, label = 'message key'): KeyRing {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, formatKeyRing([newRingKey()]), { mode: 0o600 });
  }
  return parseKeyRing(readFileSync(file, 'utf8'), label);
}

export const readMessageKeysFile = (file: string): MessageKeyRing => readKeyRingFile(file);

export const vapidKeysFile = (dataDir: string) => join(dataDir, 'vapid-keys');

/**
 * A VAPID key pair from its private key (32 bytes in base64url, or in base64 as `openssl rand
 * -base64 32` prints it), the public key derived from it: both base64url, as web-push and the
 * browser's applicationServerKey take them. Throws on a key that is not one.
 */
export function vapidKeyPair(privateKey: string): Omit<VapidSettings, 'subject'> {
  const bytes = Buffer.from(privateKey, 'base64');
  if (bytes.length !== 32 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(privateKey))
    throw new Error('not 32 bytes in base64url or base64');
  const curve = createECDH('prime256v1');
  try {
    curve.setPrivateKey(bytes);
  } catch {
    throw new Error('not a P-256 private key');
  }
  return { publicKey: curve.getPublicKey().toString('base64url'), privateKey: bytes.toString('base64url') };
}

/**
 * The generated VAPID key pair in the data folder, created once on the zero-config start (web-push's
 * generateVAPIDKeys). Written beside and linked into place, so two processes starting on one data
 * folder at once end up with the same pair.
 */
export function readVapidKeysFile(file: string): Omit<VapidSettings, 'subject'> {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, `${JSON.stringify(webpush.generateVAPIDKeys())}\n`, { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(draft, { force: true });
    }
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { privateKey?: unknown };
  if (typeof stored.privateKey !== 'string') throw new Error(`${file}: no privateKey`);
  return vapidKeyPair(stored.privateKey);
}

/**
 * Parses the environment once. Nothing else reads process.env: every module receives this object.
 * `overrides` lets tests build an app without touching the environment.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.S3_BUCKET && !e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    problems.push(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (the SDK then finds credentials)',
    );
  }
  if (e.PAYMENT_PROVIDER === 'stripe' && !e.STRIPE_SECRET_KEY) {
    problems.push('STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe');
  }
  if (e.TEST_PAUSE_AT && e.NODE_ENV === 'production') {
    problems.push('TEST_PAUSE_AT: a test-only switch; never set it in production');
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
  }
  if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.AUTH_SECRET) {
    problems.push(
      'AUTH_SECRET: required in production with an external database (all instances must share it)',
    );
  }
  if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.MESSAGE_KEYS) {
    problems.push(
      'MESSAGE_KEYS: required in production with an external database (all instances must share the keys that encrypt messages)',
    );
  }
  if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.ID_DOCUMENT_KEYS) {
    problems.push(
      'ID_DOCUMENT_KEYS: required in production with an external database (all instances must share the keys that encrypt ID images)',
    );
  }
  if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.VAPID_PRIVATE_KEY) {
    problems.push(
      'VAPID_PRIVATE_KEY: required in production with an external database (all instances must sign pushes with the key browsers subscribed to)',
    );
  }
  const vapidFromEnv = vapidFromEnvironment(e.VAPID_PRIVATE_KEY, e.VAPID_PUBLIC_KEY, problems);
  const ringFromEnv = (name: string, text: string | undefined, label: string): KeyRing | undefined => {
    if (!text) return undefined;
    try {
      return parseKeyRing(text, label);
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message} (expected id:base64key[,id:base64key…])`);
      return undefined;
    }
  };
  const messageKeysFromEnv = ringFromEnv('MESSAGE_KEYS', e.MESSAGE_KEYS, 'message key');
  const idDocumentKeysFromEnv = ringFromEnv('ID_DOCUMENT_KEYS', e.ID_DOCUMENT_KEYS, ID_DOCUMENT_KEY_LABEL);
  const publicOrigin = e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`;
  const embedded = !e.DATABASE_URL;
  const demoDefault = demoModeDefault({ embedded, host: e.HOST, publicOrigin });
  const demoMode = e.DEMO_MODE ?? demoDefault.on;
  if (e.SEED_DEMO && !demoMode) {
    problems.push(
      `SEED_DEMO: the demo members share a published password, so seeding them requires demo mode; ${
        e.DEMO_MODE === false
          ? 'DEMO_MODE=false is set'
          : `demo mode is off by default here (${demoDefault.offBecause})`
      }. Set DEMO_MODE=true as well to run a demo on purpose, or unset SEED_DEMO`,
    );
  }
  // The sandbox lets anyone "pay" with a button: fine for demos, development and tests, never by
  // accident on a real deployment.
  if (e.NODE_ENV === 'production' && !demoMode && !e.STRIPE_SECRET_KEY && e.PAYMENT_PROVIDER !== 'sandbox') {
    problems.push(
      'PAYMENT_PROVIDER: outside demo mode, production needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENT_PROVIDER=sandbox to run the TEST MODE payment sandbox on purpose (members can then pay without money)',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(REPO_ROOT, e.DATA_DIR);
  const supportAddress = e.SUPPORT_EMAIL ?? `support@${new URL(publicOrigin).hostname}`;
  const config: AppConfig = {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicOrigin,
    allowedOrigins: allowedOrigins({ env: e.NODE_ENV, publicOrigin, port: e.PORT, demoMode }),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseInMemory: false,
    databaseTimeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX
      ? normalizedRedisPrefix(e.REDIS_PREFIX)
      : defaultRedisPrefix({
          databaseUrl: e.DATABASE_URL,
          embeddedDatabaseDir: join(dataDir, 'db'),
          redisUrl: e.REDIS_URL,
        }),
    authSecret: overrides.authSecret ?? e.AUTH_SECRET ?? persistedSecret(dataDir),
    messageKeys: overrides.messageKeys ?? messageKeysFromEnv ?? readMessageKeysFile(messageKeysFile(dataDir)),
    messageKeysFile: overrides.messageKeys || messageKeysFromEnv ? undefined : messageKeysFile(dataDir),
    idDocumentKeys:
      overrides.idDocumentKeys ??
      idDocumentKeysFromEnv ??
      readKeyRingFile(idDocumentKeysFile(dataDir), ID_DOCUMENT_KEY_LABEL),
    demoMode,
    // An empty embedded database is seeded on the zero-config local start; never without demo mode.
    seedDemo: e.SEED_DEMO ?? (demoMode && embedded),
    inviteOnly: e.INVITE_ONLY ?? !(demoMode || e.NODE_ENV === 'test'),
    logLevel: e.LOG_LEVEL,
    statementStats: e.STATEMENT_STATS,
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    trustProxy: e.TRUST_PROXY,
    metrics: { allow: e.METRICS_ALLOW, token: e.METRICS_TOKEN },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
    photoAutoApprove: e.PHOTO_AUTO_APPROVE,
    webDist: e.WEB_DIST ?? (e.NODE_ENV === 'production' ? resolve(REPO_ROOT, 'apps/web/dist') : undefined),
    secureCookies: publicOrigin.startsWith('https://'),
    payments: {
      provider: e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox'),
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApiUrl: e.STRIPE_API_URL,
    },
    testPauseAt: e.TEST_PAUSE_AT,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `"The Royal Circle" <no-reply@${new URL(publicOrigin).hostname}>`,
      supportAddress,
    },
    vapid: overrides.vapid ?? {
      ...(vapidFromEnv ?? readVapidKeysFile(vapidKeysFile(dataDir))),
      subject: e.VAPID_SUBJECT ?? `mailto:${supportAddress}`,
    },
    sms: { provider: e.SMS_PROVIDER },
    connections: { ...CONNECTION_LIMITS, perAddress: e.CONNECTIONS_PER_ADDRESS },
    pageRateLimits: {
      perAddressPerMinute: e.PAGE_RATE_LIMIT_PER_ADDRESS,
      perMemberPerMinute: e.PAGE_RATE_LIMIT_PER_MEMBER,
    },
    rateLimits: {
      apiPerAddressPerMinute: e.API_RATE_LIMIT_PER_ADDRESS,
      authPerAddressPerMinute: e.AUTH_RATE_LIMIT_PER_ADDRESS,
      uploadsPerAddressPerMinute: e.UPLOAD_RATE_LIMIT_PER_ADDRESS,
      waitlistPerAddressPerHour: e.WAITLIST_RATE_LIMIT_PER_ADDRESS,
      authMailPerAddressPerHour: e.AUTH_MAIL_RATE_LIMIT_PER_ADDRESS,
      authFailuresPerAccountPer15Min: e.AUTH_RATE_LIMIT_PER_ACCOUNT,
      authFailuresPerAccountPerHour: e.AUTH_RATE_LIMIT_PER_ACCOUNT_HOURLY,
    },
    ...overrides,
  };
  return Object.freeze(config);
}

/** VAPID_PRIVATE_KEY (and VAPID_PUBLIC_KEY, which must be its public key) read, or their problems. */
function vapidFromEnvironment(
  privateKey: string | undefined,
  publicKey: string | undefined,
  problems: string[],
): Omit<VapidSettings, 'subject'> | undefined {
  if (!privateKey) {
    if (publicKey)
      problems.push('VAPID_PUBLIC_KEY: set VAPID_PRIVATE_KEY with it (the public key is derived from it)');
    return undefined;
  }
  let pair: Omit<VapidSettings, 'subject'>;
  try {
    pair = vapidKeyPair(privateKey);
  } catch (error) {
    problems.push(
      `VAPID_PRIVATE_KEY: ${(error as Error).message} (npx web-push generate-vapid-keys, or openssl rand -base64 32)`,
    );
    return undefined;
  }
  if (publicKey && Buffer.from(publicKey, 'base64').toString('base64url') !== pair.publicKey) {
    problems.push(`VAPID_PUBLIC_KEY: not the public key of VAPID_PRIVATE_KEY (which is ${pair.publicKey})`);
    return undefined;
  }
  return pair;
}
