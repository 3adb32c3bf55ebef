import type { FastifyInstance } from 'fastify';

/** More unread body than this after an answer: the connection is closed instead of read to its end. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

/**
 * A request refused before its body was read (an upload with the wrong name, field or content;
 * issue 21 item 19) left the rest of the body unread, with the socket paused behind the multipart
 * parser: the keep-alive connection answered nothing more until its 72 s timeout. Once the answer
 * is out, the rest of such a body is read and dropped, so the connection serves its next request;
 * past MAX_DRAIN_BYTES it is closed instead.
 */
export function registerDrainUnreadBody(app: FastifyInstance): void {
  // A sync hook: it runs after every answer, and an async one costs a promise each (issue 25 item 7).
  app.addHook('onResponse', (request, _reply, done) => {
    const raw = request.raw;
    if (!raw.complete && !raw.destroyed) {
      let drained = 0;
      raw.unpipe();
      raw.removeAllListeners('data');
      raw.on('data', (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > MAX_DRAIN_BYTES) raw.socket?.destroy();
      });
      raw.resume();
    }
    done();
  });
}
