import {
  type Access,
  accessRefusal,
  complianceRefusal,
  describeAccess,
  paymentRefusal,
  readinessRefusal,
  secondFactorRefusal,
} from '@royal/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { request, startTestApp, useTestApp } from '../../test/app';
import { type Caller, callerRules, callerSecondFactor, callers } from '../../test/callers';
import { createMember, signInAs } from '../../test/factories';
import { MissingAccessDeclaration, registerAccessControl } from './access';

// Demo mode on, so the demo-only routes (dev mailbox) are part of the walk too.
const t = useTestApp({ demoMode: true });

/** A concrete URL for a route pattern: path parameters get a well-formed id nobody owns. */
const urlOf = (pattern: string) => pattern.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');

/** The refusal the access hook itself gives (the route's own checks come after and differ). */
const ACCESS_CODES = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'TIER_REQUIRED',
  'SUBSCRIPTION_INACTIVE',
  'COMPLIANCE_REQUIRED',
  'ONBOARDING_REQUIRED',
  'EMAIL_CONFIRMATION_REQUIRED',
  'SECOND_FACTOR_REQUIRED',
  'SECOND_FACTOR_UNCONFIRMED',
]);

describe('access declarations', () => {
  it('are present on every API route, and the walk covers them all', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(15);
    for (const route of t.app.apiRoutes) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
    const kinds = new Set(t.app.apiRoutes.map((r) => describeAccess(r.access).split(' ')[0]));
    // Public, member, role, tier and capability declarations all exist, so each branch is exercised.
    expect([...kinds].sort()).toEqual(['capability', 'member', 'public', 'role', 'tier']);
    // And the app proper is declared as such, so the readiness refusal is exercised too.
    expect(t.app.apiRoutes.filter((r) => r.ready).map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/discovery/feed', 'GET /api/search', 'GET /api/members/:id']),
    );
  });

  it('refuse a signed-out caller, a wrong role, a too-low tier, a member before the gate and one before onboarding exactly as declared', async () => {
    const all = callers();
    for (const caller of all) {
      const member = await createMember(t.app, {
        tier: caller.tier,
        roles: caller.roles,
        subscriptionActive: caller.subscriptionActive,
        subscriptionEndsAt: caller.subscriptionActive ? new Date(Date.now() + 86_400_000) : null,
        compliant: caller.legalAccepted,
        onboarded: caller.onboarded,
        emailConfirmed: caller.emailConfirmed ?? true,
        ...(caller.secondFactor === 'none' ? { secondFactor: false } : {}),
      });
      caller.session = await signInAs(t.app, member, undefined, {
        secondFactor: caller.secondFactor !== 'unconfirmed',
      });
    }
    const everyone: (Caller | null)[] = [null, ...all];

    // Routes one after another; the callers of one route at once (each has its own session): the
    // matrix grows with every route, and one by one it came near the timeout on a busy machine.
    for (const route of t.app.apiRoutes) {
      await Promise.all(
        everyone.map(async (caller) => {
          const who = caller?.label ?? 'signed out';
          const access = route.access as Access;
          const expected =
            accessRefusal(caller ? callerRules(caller) : null, access) ??
            secondFactorRefusal(caller ? callerSecondFactor(caller) : null, access) ??
            complianceRefusal(caller?.legalAccepted ?? true, access, route.beforeCompliance) ??
            readinessRefusal({ onboarded: caller?.onboarded ?? true }, route.ready) ??
            paymentRefusal(caller ? callerRules(caller) : null, route.payment);
          const res = await request(t.app, route.method as 'GET', urlOf(route.url), {
            session: caller?.session ?? null,
            // Sign-out is public and harmless, but would end the caller's session for the next route.
            ...(route.url === '/api/auth/sign-out' ? { session: null } : {}),
          });
          const gate = `${route.beforeCompliance ? ', before the gate' : ''}${route.ready ? ', ready' : ''}${route.payment ? ', payment' : ''}`;
          const name = `${route.method} ${route.url} as ${who} (${describeAccess(route.access)}${gate})`;
          if (expected) {
            expect(res.statusCode, name).toBe(expected.code === 'UNAUTHENTICATED' ? 401 : 403);
            // A route may word the signed-out refusal in the spec's own text (the ID upload).
            const message =
              expected.code === 'UNAUTHENTICATED'
                ? (route.signedOutMessage ?? expected.message)
                : expected.message;
            expect(res.json().error, name).toEqual({ code: expected.code, message });
          } else {
            // Allowed through: whatever the route answers (a validation error, a 404 for the made-up
            // id, a refusal of its own such as a locked profile), it is not the access refusal.
            const code = res.statusCode >= 400 ? res.json().error?.code : undefined;
            expect(res.statusCode === 401 || ACCESS_CODES.has(code), `${name}: ${res.body}`).toBe(false);
          }
        }),
      );
    }
  }, 120_000);
});

describe('a route without an access declaration', () => {
  it('stops the app from starting', async () => {
    const app = Fastify({ logger: false });
    app.decorate('ctx', { config: { secureCookies: false } } as never);
    app.register(async (api) => {
      registerAccessControl(api);
      api.get('/declared', { config: { access: 'public' } }, async () => ({ ok: true }));
      api.get('/forgotten', async () => ({ ok: true }));
    });
    const failure = await app.ready().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(MissingAccessDeclaration);
    expect(String(failure)).toContain('GET /forgotten declares no access');
  });

  it('is not the case in the real app, which starts', async () => {
    const started = await startTestApp();
    expect(started.app.apiRoutes.length).toBeGreaterThan(0);
    await started.dispose();
  });
});
