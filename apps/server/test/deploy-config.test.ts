import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_MESSAGES, ErrorCode, RETRY_AFTER_SECONDS } from '@royal/shared';
import { describe, expect, it } from 'vitest';

const DEPLOY = join(import.meta.dirname, '../../../deploy');
const HAPROXY = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((file) => existsSync(file));

describe('the reverse proxy set-up (deploy/haproxy.cfg)', () => {
  it("answers members with the app's own outage reply when no instance is ready", () => {
    const raw = readFileSync(join(DEPLOY, 'haproxy-503.http'), 'utf8');
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    const lines = head.split('\r\n');
    expect(lines[0]).toBe('HTTP/1.1 503 Service Unavailable');
    expect(lines).toContain(`Retry-After: ${RETRY_AFTER_SECONDS}`);
    expect(lines).toContain('Cache-Control: no-store');
    expect(JSON.parse(body)).toEqual({
      error: { code: ErrorCode.SERVICE_UNAVAILABLE, message: ERROR_MESSAGES.SERVICE_UNAVAILABLE },
    });
  });

  it('checks each instance at /api/health/ready and retries only requests that never reached one', () => {
    const config = readFileSync(join(DEPLOY, 'haproxy.cfg'), 'utf8');
    expect(config).toMatch(/http-check send meth GET uri \/api\/health\/ready/);
    // A POST (a message, a transfer) must never be sent twice: connection failures only.
    expect(config).toMatch(/^\s*retry-on conn-failure\s*$/m);
    expect(config).not.toMatch(/on-marked-down shutdown-sessions/);
  });

  it.skipIf(!HAPROXY)('is a configuration HAProxy accepts', () => {
    const out = execFileSync(HAPROXY as string, ['-c', '-f', join(DEPLOY, 'haproxy.cfg')], {
      env: {
        RC_PROXY_BIND: '127.0.0.1:8080',
        RC_INSTANCE_1: '127.0.0.1:3101',
        RC_INSTANCE_2: '127.0.0.1:3102',
        RC_STATS_BIND: '127.0.0.1:8404',
        RC_DEPLOY_DIR: DEPLOY,
      },
      encoding: 'utf8',
    });
    expect(out).toMatch(/Configuration file is valid/);
  });
});
