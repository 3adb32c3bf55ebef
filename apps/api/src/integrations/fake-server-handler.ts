import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * node:http ignores the promise an async request handler returns, so a throw inside a fake server
 * would be an unhandled rejection (crashing the test run far from its cause). This answers 500 with
 * the error instead, so the client under test sees a failure and the test reports it.
 */
export function asyncHandler(handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res).catch((error: unknown) => {
      if (res.destroyed) return;
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`fake server failed: ${String(error)}`);
    });
  };
}
