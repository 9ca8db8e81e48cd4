import {
  type Access,
  AppError,
  accessRefusal,
  complianceRefusal,
  ErrorCode,
  paymentRefusal,
  readinessRefusal,
  secondFactorRefusal,
} from '@royal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MemberActor } from '../ports/auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route: every /api route must say (see registerAccessControl). */
    access?: Access;
    /** Resolve the member without the actor cache (payments, credentials, account deletion). */
    fresh?: boolean;
    /**
     * Reachable before the compliance gate is passed: the gate's own routes, who am I, sign-out.
     * Every other non-public route refuses a member who has not accepted the current terms and
     * privacy policy (COMPLIANCE_REQUIRED).
     */
    beforeCompliance?: boolean;
    /**
     * A route of the app proper (discovery, search, another member's page): refused with
     * ONBOARDING_REQUIRED while the member has a required step left (shared readinessRefusal).
     */
    ready?: boolean;
    /**
     * The route takes or moves money (a deposit, a transfer, a checkout): refused with
     * EMAIL_CONFIRMATION_REQUIRED while the member's e-mail is unconfirmed (shared paymentRefusal).
     */
    payment?: boolean;
    /**
     * The route sets its own Cache-Control (photo bytes: `private, no-cache` with an ETag). Every
     * other /api reply is `no-store`, whatever a plugin set (plugins/security.ts).
     */
    ownCaching?: boolean;
    /** The spec's own words for a signed-out caller of this route, where they differ from the default. */
    signedOutMessage?: string;
    /**
     * The body is a provider's signed text (payment webhooks), not member input: the input guard
     * leaves it to the signature check (plugins/errors.ts registerInputGuards).
     */
    signedRawBody?: boolean;
  }
  interface FastifyInstance {
    /** Sets request.actor when the caller has a session, for a public route that answers either way. */
    resolveOptionalActor: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in member, set before the handler of every non-public route; read it with actorOf. */
    actor: MemberActor | null;
  }
}

export class MissingAccessDeclaration extends Error {
  override readonly name = 'MissingAccessDeclaration';
  constructor(method: string | string[], url: string) {
    super(`${[method].flat().join(',')} ${url} declares no access: add config.access to the route`);
  }
}

/** Turns a Fastify request's headers into the Headers Better Auth's API expects. */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/**
 * Sets request.actor from the session cookie (null without a valid session), passing Better Auth's
 * refreshed cookie on. Any instance with the app's context can call it (the web pages do).
 */
export async function resolveRequestActor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  fresh: boolean,
): Promise<void> {
  const { actors } = app.ctx;
  const resolution = await actors.resolve(request.cookies[actors.cookieName], () => toWebHeaders(request), {
    fresh,
  });
  if (resolution && resolution.setCookies.length > 0) reply.header('set-cookie', resolution.setCookies);
  request.actor = resolution?.actor ?? null;
}

/** What a route declares about its callers (its config; app.apiRoutes lists it for every route). */
export type RouteAccess = { access: Access; beforeCompliance: boolean; ready: boolean; payment?: boolean };

/**
 * Why a route refuses this caller (null: it may call it): its access, then the compliance gate, then
 * the required steps on the app proper. The access hook's rule, and the pages' (pages/first-screen.ts).
 */
export function routeRefusal(
  actor: MemberActor | null,
  { access, beforeCompliance, ready, payment = false }: RouteAccess,
) {
  return (
    accessRefusal(actor?.rules ?? null, access) ??
    secondFactorRefusal(actor?.secondFactor ?? null, access) ??
    complianceRefusal(actor?.legalAccepted === true, access, beforeCompliance) ??
    readinessRefusal({ onboarded: actor?.onboarded === true }, ready) ??
    paymentRefusal(actor?.rules ?? null, payment)
  );
}

/**
 * Access control for every route registered inside `api`: each route must declare `config.access`
 * or the app refuses to start, and one onRequest hook enforces the declaration before the body is
 * even parsed — a signed-out caller gets 401, a wrong role 403, a too-low tier or a missing
 * capability the shared rule's own code and text, a member who has not passed the compliance gate
 * COMPLIANCE_REQUIRED (unless the route is `beforeCompliance`), and a member with a required step
 * left ONBOARDING_REQUIRED on a route of the app proper (`ready`). The rate limiter runs before it.
 */
export function registerAccessControl(api: FastifyInstance) {
  api.decorateRequest('actor', null);

  const resolveActor = (request: FastifyRequest, reply: FastifyReply, fresh: boolean) =>
    resolveRequestActor(api, request, reply, fresh);
  // For the one public route that answers either way (GET /api/session): who is signed in, if anyone.
  api.decorate('resolveOptionalActor', (request: FastifyRequest, reply: FastifyReply) =>
    resolveActor(request, reply, false),
  );

  async function enforce(request: FastifyRequest, reply: FastifyReply) {
    const { access, fresh, beforeCompliance, ready, payment, signedOutMessage } = request.routeOptions.config;
    if (access === undefined || access === 'public') return;
    // Role-gated work (admin) always reads the member's current roles.
    await resolveActor(request, reply, fresh === true || (typeof access === 'object' && 'role' in access));
    const refusal = routeRefusal(request.actor, {
      access,
      beforeCompliance: beforeCompliance === true,
      ready: ready === true,
      payment: payment === true,
    });
    if (!refusal) return;
    const signedOut = refusal.code === ErrorCode.UNAUTHENTICATED && signedOutMessage !== undefined;
    throw new AppError(refusal.code, signedOut ? signedOutMessage : refusal.message);
  }

  api.addHook('onRoute', (route) => {
    if (route.config?.access === undefined) throw new MissingAccessDeclaration(route.method, route.url);
    // A route-level hook, appended after the rate limiter's own (which @fastify/rate-limit adds the
    // same way, earlier): a flood is cut off before any session is looked up.
    const existing = route.onRequest;
    route.onRequest = [...(existing === undefined ? [] : [existing].flat()), enforce];
  });
}

/** The member behind a request to a route whose access is not public. */
export function actorOf(request: FastifyRequest): MemberActor {
  if (!request.actor) throw new AppError(ErrorCode.UNAUTHENTICATED);
  return request.actor;
}
