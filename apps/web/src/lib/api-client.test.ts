import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FakeXhr } from '../test/fake-xhr';
import { ApiError, apiRequest, UNEXPECTED_RESPONSE } from './api-client';

const ItemSchema = z.object({ id: z.string(), count: z.number() });

/** fetch answering every call with `status` and the raw `text`. */
function answer(status: number, text: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(text, { status, headers: { 'content-type': 'application/json' } })),
  );
}

async function rejection(call: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest with a response schema', () => {
  it('returns the parsed answer, without keys the schema does not name', async () => {
    answer(200, JSON.stringify({ id: 'a', count: 2, password_hash: 'x' }));
    await expect(apiRequest('/items/a', ItemSchema)).resolves.toEqual({ id: 'a', count: 2 });
  });

  it('rejects an answer of the wrong shape as an ApiError saying so, with the status and the issues', async () => {
    answer(200, JSON.stringify({ id: 'a' }));
    const error = await rejection(apiRequest('/items/a', ItemSchema));
    expect(error.detail).toBe(UNEXPECTED_RESPONSE);
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.status).toBe(200);
    expect(error.cause).toBeInstanceOf(z.ZodError);
  });

  it('rejects a 2xx answer that is not JSON the same way, with or without a schema', async () => {
    answer(200, '<html>proxy error</html>');
    expect((await rejection(apiRequest('/items/a', ItemSchema))).detail).toBe(UNEXPECTED_RESPONSE);
    expect((await rejection(apiRequest<unknown>('/items/a'))).detail).toBe(UNEXPECTED_RESPONSE);
  });

  it('still reports a failed call with the server detail, not as an unexpected response', async () => {
    answer(404, JSON.stringify({ detail: 'Item not found' }));
    const error = await rejection(apiRequest('/items/a', ItemSchema));
    expect([error.status, error.detail]).toEqual([404, 'Item not found']);
  });

  it('checks uploads sent with progress (XMLHttpRequest) against the schema too', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    answer(200, JSON.stringify({ id: 7, count: 'two' }));
    const progress: number[] = [];
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.pdf');
    const error = await rejection(
      apiRequest('/items', ItemSchema, { method: 'POST', body: form, onUploadProgress: (p) => progress.push(p) }),
    );
    expect(error.detail).toBe(UNEXPECTED_RESPONSE);
    expect(progress).toContain(100);
  });

  it('leaves a call without a schema as the caller typed it', async () => {
    answer(200, JSON.stringify({ anything: true }));
    await expect(apiRequest<{ anything: boolean }>('/items/a')).resolves.toEqual({ anything: true });
  });
});
