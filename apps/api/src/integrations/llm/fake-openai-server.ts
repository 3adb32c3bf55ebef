import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asyncHandler } from '../fake-server-handler';

export interface FakeOpenAiRequest {
  path: string;
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
}

/**
 * A local OpenAI-compatible server for tests: answers POST /v1/chat/completions in the real
 * response format with whatever `respond` returns, or with an HTTP error or a stall.
 */
export async function startFakeOpenAi(
  respond: (req: FakeOpenAiRequest) => { status?: number; content?: string; stallMs?: number },
): Promise<{ url: string; requests: FakeOpenAiRequest[]; close(): Promise<void> }> {
  const requests: FakeOpenAiRequest[] = [];
  const server: Server = createServer(
    asyncHandler(async (req, res) => {
      const body = JSON.parse((await readBody(req)) || '{}');
      const entry = { path: req.url ?? '', authorization: req.headers.authorization, body };
      requests.push(entry);
      const answer = respond(entry);
      if (answer.stallMs) await new Promise((r) => setTimeout(r, answer.stallMs));
      if (res.destroyed) return;
      if (answer.status && answer.status >= 400) {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'fake failure', type: 'server_error', code: null } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: answer.content ?? '' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
      );
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
