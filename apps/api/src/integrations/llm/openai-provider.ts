import OpenAI from 'openai';
import { upstreamFailed } from '../../lib/errors';
import { removeUnknownRequirementIds, type AiProvider } from './ai-provider';

export interface OpenAiProviderOptions {
  baseUrl?: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

const TONE_HINT = {
  professional: 'clear and professional',
  formal: 'formal, as in a government proposal',
  detailed: 'detailed and thorough',
} as const;

/**
 * A provider for any OpenAI-compatible server (OpenAI, vLLM, Ollama, llama.cpp) through the
 * official SDK's Chat Completions call, which all of them implement. The model only rewrites
 * prose: the prompt fixes tables and ids, and unknown ids are stripped from its answer.
 */
export function createOpenAiProvider(opts: OpenAiProviderOptions): AiProvider {
  const client = new OpenAI({
    baseURL: opts.baseUrl,
    // Local servers (Ollama, llama.cpp) accept any key; the SDK insists on one.
    apiKey: opts.apiKey ?? 'not-needed',
    timeout: opts.timeoutMs,
    maxRetries: 1,
  });
  return {
    name: 'openai',
    async polish(request) {
      let content: string | null | undefined;
      try {
        const completion = await client.chat.completions.create({
          model: opts.model,
          temperature: 0.2,
          messages: [
            {
              role: 'system',
              content:
                'You improve bid documents for U.S. federal solicitations. Rewrite or extend the prose of the markdown you are given so it reads ' +
                `${TONE_HINT[request.tone ?? 'professional']}. Keep every heading, table row, number, date and requirement id exactly as given. ` +
                'Cite requirements only by the ids that appear in the document, in square brackets. Do not invent requirements, dates or facts. Answer with the markdown only.',
            },
            { role: 'user', content: `Document type: ${request.documentType}\n\n${request.markdown}` },
          ],
        });
        content = completion.choices[0]?.message?.content;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        throw upstreamFailed(`The AI provider failed: ${message}`);
      }
      if (!content || !content.trim()) throw upstreamFailed('The AI provider returned an empty answer');
      return removeUnknownRequirementIds(content.trim(), request.requirementIds);
    },
  };
}
