import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps, AuthedCtx, Ctx } from '../lib/ctx';
import { forbidden, sessionEndedError, unauthorized } from '../lib/errors';
import { verifySessionToken } from '../lib/tokens';
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
 * is marked `config: { public: true }`; `config: { role: 'admin' }` also needs an admin.
 * The user is re-read on each request so a deleted user or a reset password ends old tokens.
 */
export function registerAuth(app: FastifyInstance, deps: AppDeps): void {
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
    const routeConfig = request.routeOptions.config ?? {};
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    // A genuine token of an older token_version: its session was ended by a password change or reset.
    let sessionEnded = false;
    if (token) {
      const claims = await verifySessionToken(deps.config.JWT_SECRET, token);
      const user = claims ? await usersRepository.findById(deps.db, claims.sub) : undefined;
      if (user && claims && user.tokenVersion === claims.ver) request.ctx.actor = user;
      else if (user && claims && user.tokenVersion > claims.ver) sessionEnded = true;
    }
    // Unknown paths fall through to the 404 handler, not a 401.
    if (routeConfig.public || !request.routeOptions.url) return;
    if (!request.ctx.actor) throw sessionEnded ? sessionEndedError() : unauthorized(token ? 'Could not validate credentials' : 'Not authenticated');
    if (routeConfig.role === 'admin' && request.ctx.actor.role !== 'admin') throw forbidden('Admin access required');
  });
}
