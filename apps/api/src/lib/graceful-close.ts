import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * How a serving process ends on SIGTERM/SIGINT (issue 21 items 12 and 18). Before, `app.close()`
 * closed the idle keep-alive sockets at once (a client that had just sent a request on one got a
 * reset), left the sockets of requests still running open after their answer (so the close waited
 * for the 72 s keep-alive timeout and the 10 s timer ended the process with exit 1), and the pool
 * could be ended under requests still running.
 *
 * Now, in order:
 * 1. The listener closes: new connections are refused (nothing of theirs was read). Every answer
 *    from now on says `Connection: close`, so each open connection ends after its next answer,
 *    and requests already sent on an open connection are still served.
 * 2. Up to `graceMs` for the open connections to end that way.
 * 3. `app.close()`: sockets still idle are closed, requests arriving now get 503 with
 *    `Connection: close`, running requests finish, then the app's own onClose hooks (Redis, mail
 *    sent after an answer) run. Bounded by `timeoutMs`: then the remaining connections are cut.
 * The caller closes the database after this resolves: no request is left to use it.
 */
export interface GracefulClose {
  /** Resolves true when every request finished in time, false when some were cut at `timeoutMs`. */
  close(opts: { graceMs: number; timeoutMs: number }): Promise<boolean>;
}

/** Call before the app is ready (it adds a hook). */
export function gracefulClose(app: FastifyInstance): GracefulClose {
  let draining = false;
  // A sync hook: it runs on every answer, and an async one costs a promise each (issue 25 item 7).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });

  const openConnections = () => new Promise<number>((resolve) => app.server.getConnections((err, count) => resolve(err ? 0 : count)));

  return {
    async close({ graceMs, timeoutMs }) {
      draining = true;
      const started = Date.now();
      // net's close, not http's: http's would also drop idle keep-alive sockets right now, racing
      // requests clients are sending on them.
      if (app.server.listening) net.Server.prototype.close.call(app.server);
      while (Date.now() - started < graceMs && (await openConnections()) > 0) {
        await new Promise((r) => setTimeout(r, 25));
      }

      let cut = false;
      const timer = setTimeout(
        () => {
          cut = true;
          app.log.warn('requests still running at the shutdown time limit were cut');
          app.server.closeAllConnections();
        },
        Math.max(0, timeoutMs - (Date.now() - started)),
      );
      try {
        await app.close();
      } finally {
        clearTimeout(timer);
      }
      return !cut;
    },
  };
}
