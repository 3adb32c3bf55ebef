import type { Config } from '../../config';
import { builtinProvider, type AiProvider } from './ai-provider';
import { createOpenAiProvider } from './openai-provider';

/** The provider the configuration asks for. */
export function createAiProvider(config: Config): AiProvider {
  if (config.AI_PROVIDER === 'openai') {
    return createOpenAiProvider({
      baseUrl: config.AI_BASE_URL,
      apiKey: config.AI_API_KEY,
      model: config.AI_MODEL,
      timeoutMs: config.AI_TIMEOUT_MS,
    });
  }
  return builtinProvider;
}
