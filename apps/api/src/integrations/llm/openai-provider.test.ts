import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { builtinProvider, removeUnknownRequirementIds } from './ai-provider';
import { startFakeOpenAi } from './fake-openai-server';
import { createOpenAiProvider } from './openai-provider';

const request = {
  documentType: 'compliance',
  markdown: '# Compliance Matrix\n\n| ID | Requirement |\n|---|---|\n| L-001 | Submit a technical volume |',
  requirementIds: ['L-001', 'M-001', 'L.4.2'],
  tone: 'formal' as const,
};

let fake: Awaited<ReturnType<typeof startFakeOpenAi>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('removeUnknownRequirementIds', () => {
  it('keeps known ids and drops invented ones, bracketed or bare', () => {
    const out = removeUnknownRequirementIds(
      'See [L-001] and [L-999], also M-001 and C-777, and [L.4.2] not [L.9.9].',
      request.requirementIds,
    );
    expect(out).toContain('[L-001]');
    expect(out).toContain('M-001');
    expect(out).toContain('[L.4.2]');
    expect(out).not.toContain('L-999');
    expect(out).not.toContain('C-777');
    expect(out).not.toContain('L.9.9');
    const stable = removeUnknownRequirementIds('[L-5.2(1)] [C-2.1-4fa9c1] [O-H.1] [L-5.2.1.b] [C-2.1-ffffff] [Company]', [
      'L-5.2(1)',
      'C-2.1-4fa9c1',
      'O-H.1',
    ]);
    expect(stable).toBe('[L-5.2(1)] [C-2.1-4fa9c1] [O-H.1] [Company]');
  });
});

describe('builtin provider', () => {
  it('returns the engine document unchanged', async () => {
    expect(await builtinProvider.polish(request)).toBe(request.markdown);
  });
});

describe('openai provider against a local OpenAI-compatible server', () => {
  it('sends the model, key and document, and strips ids the model invented', async () => {
    fake = await startFakeOpenAi(() => ({ content: '# Compliance Matrix\n\nWe answer [L-001] fully and [L-042] too.' }));
    const provider = createOpenAiProvider({ baseUrl: fake.url, apiKey: 'sk-test', model: 'local-model', timeoutMs: 5000 });
    const out = await provider.polish(request);
    expect(out).toContain('[L-001]');
    expect(out).not.toContain('L-042');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].path).toBe('/v1/chat/completions');
    expect(fake.requests[0].authorization).toBe('Bearer sk-test');
    expect(fake.requests[0].body.model).toBe('local-model');
    expect(fake.requests[0].body.messages[1].content).toContain('Submit a technical volume');
    expect(fake.requests[0].body.messages[0].content).toContain('formal');
  });

  it('turns a server error into a clear upstream error', async () => {
    fake = await startFakeOpenAi(() => ({ status: 500 }));
    const provider = createOpenAiProvider({ baseUrl: fake.url, model: 'm', timeoutMs: 5000 });
    const err = await provider.polish(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(502);
    expect((err as AppError).detail).toMatch(/^The AI provider failed/);
  });

  it('times out instead of hanging', async () => {
    fake = await startFakeOpenAi(() => ({ stallMs: 3000, content: 'late' }));
    const provider = createOpenAiProvider({ baseUrl: fake.url, model: 'm', timeoutMs: 200 });
    const started = Date.now();
    const err = await provider.polish(request).catch((e: unknown) => e);
    expect((err as AppError).statusCode).toBe(502);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('refuses an empty answer', async () => {
    fake = await startFakeOpenAi(() => ({ content: '   ' }));
    const provider = createOpenAiProvider({ baseUrl: fake.url, model: 'm', timeoutMs: 5000 });
    await expect(provider.polish(request)).rejects.toMatchObject({ detail: 'The AI provider returned an empty answer' });
  });
});
