import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { UserRow } from '../db/schema/index';
import type { AppDeps, AuthedCtx, Ctx } from '../lib/ctx';
import { forbidden, sessionEndedError, unauthorized } from '../lib/errors';
import { GUEST_REFUSAL, isGuestRoute } from '../lib/guest-access';
import { REDIS_KEY_PREFIX } from '../lib/redis';
import { SessionCache, announceUserChanges, forgetUserHere } from '../lib/session-cache';
import { verifySessionToken, type SessionClaims } from '../lib/tokens';
import * as usersRepository from '../modules/auth/users.repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Route needs no token. */
    public?: boolean;
    /** Route needs this product role (SPEC §6). */
    role?: 'admin';
  }
  interface FastifyRequest {
    /** Every route's context; `actor` is null on public routes and for a caller without a token. */
    ctx: Ctx;
    /** The context of a signed-in caller: what an authed route hands its service (no cast). */
    readonly authedCtx: AuthedCtx;
  }
}

/**
 * Authentication is on by default (STYLE §4): every route needs a valid bearer token unless it
 * is marked `config: { public: true }`; `config: { role: 'admin' }` also needs an admin, and a
 * guest account is refused unless lib/guest-access.ts lists the route.
 * A deleted user or a reset password ends old tokens on every process within AUTH_USER_CACHE_MS
 * (lib/session-cache.ts), at once in the process that made the change and, with Redis, in the others.
 */
export function registerAuth(app: FastifyInstance, deps: AppDeps, opts: { redis?: Redis | null } = {}): void {
  const cache = new SessionCache(deps.config.AUTH_USER_CACHE_MS);
  app.addHook('onClose', async () => cache.close());
  if (opts.redis && deps.config.AUTH_USER_CACHE_MS > 0) shareUserChanges(app, opts.redis);

  /** The claims of a token not verified before (HS256 check), kept until its `exp`. */
  const claimsOf = async (token: string): Promise<SessionClaims | null> => {
    const verified = await verifySessionToken(deps.config.JWT_SECRET, token);
    if (verified) cache.rememberToken(token, verified, verified.exp);
    return verified;
  };
  const userOf = async (claims: SessionClaims): Promise<UserRow | undefined> => {
    const load = () => usersRepository.findById(deps.db, claims.sub);
    const user = await cache.user(claims.sub, load);
    // A kept row older than the token (signed after a password change elsewhere) is stale: read again.
    return user && user.tokenVersion < claims.ver ? cache.reload(claims.sub, load) : user;
  };

  app.decorateRequest('ctx', null as unknown as Ctx);
  app.decorateRequest('authedCtx', {
    getter(this: FastifyRequest): AuthedCtx {
      // The onRequest hook below refuses a non-public route without an actor, so this throws only
      // when a public route asks for a signed-in caller: a 401, not a null actor in a service.
      if (!this.ctx?.actor) throw unauthorized('Not authenticated');
      return this.ctx as AuthedCtx;
    },
  });
  // The OpenAPI document says every route needs the bearer token; public ones say they do not.
  app.addHook('onRoute', (route) => {
    if (route.config?.public) route.schema = { ...route.schema, security: [] };
  });
  app.addHook('onRequest', async (request) => {
    request.ctx = { ...deps, actor: null, log: request.log };
    // Read once: Fastify builds a new routeOptions object on every read (issue 25 item 7).
    const route = request.routeOptions;
    const routeConfig = route.config ?? {};
    const routeUrl = route.url;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    // A genuine token of an older token_version: its session was ended by a password change or reset.
    let sessionEnded = false;
    if (token) {
      // Known token and a kept row at least as new as it: no await, no promise (the common case).
      const claims = cache.verifiedToken(token) ?? (await claimsOf(token));
      const kept = claims ? cache.keptUser(claims.sub) : undefined;
      const user = claims ? (kept && kept.tokenVersion >= claims.ver ? kept : await userOf(claims)) : undefined;
      if (user && claims && user.tokenVersion === claims.ver) request.ctx.actor = user;
      else if (user && claims && user.tokenVersion > claims.ver) sessionEnded = true;
    }
    // Unknown paths fall through to the 404 handler, not a 401.
    if (routeConfig.public || !routeUrl) return;
    if (!request.ctx.actor)
      throw sessionEnded ? sessionEndedError() : unauthorized(token ? 'Could not validate credentials' : 'Not authenticated');
    if (routeConfig.role === 'admin' && request.ctx.actor.role !== 'admin') throw forbidden('Admin access required');
    if (request.ctx.actor.isGuest && !isGuestRoute(request.method, routeUrl)) throw forbidden(GUEST_REFUSAL);
  });
}

const USERS_CHANGED_CHANNEL = `${REDIS_KEY_PREFIX}users-changed`;

/**
 * Tells the other API processes of every users write made here, and hears theirs, on a Redis
 * channel (a subscribed connection can do nothing else, hence the duplicate). A message lost while
 * Redis is away only delays the change to the cache's TTL bound.
 */
function shareUserChanges(app: FastifyInstance, redis: Redis): void {
  const subscriber = redis.duplicate();
  subscriber.on('error', (err: Error) => app.log.warn(`Redis subscriber error: ${err.message}`));
  subscriber.on('message', (channel: string, userId: string) => {
    if (channel === USERS_CHANGED_CHANNEL) forgetUserHere(userId);
  });
  const subscribed = subscriber
    .subscribe(USERS_CHANGED_CHANNEL)
    .catch((err: unknown) =>
      app.log.warn({ err }, 'could not subscribe to user changes; other processes see them within AUTH_USER_CACHE_MS'),
    );
  const stopAnnouncing = announceUserChanges((userId) => {
    redis
      .publish(USERS_CHANGED_CHANNEL, userId)
      .catch((err: unknown) => app.log.warn({ err }, 'could not announce a user change; other processes see it within AUTH_USER_CACHE_MS'));
  });
  app.addHook('onReady', async () => void (await subscribed));
  app.addHook('onClose', async () => {
    stopAnnouncing();
    await subscriber.quit().catch(() => subscriber.disconnect());
  });
}
