import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type * as Azure from '@ai-sdk/azure';
import type * as Google from '@ai-sdk/google';
import type * as Mistral from '@ai-sdk/mistral';
import type * as OpenAI from '@ai-sdk/openai';
import type * as OpenAICompatible from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { Config } from '../../config.ts';
import { configuredModels, type ModelDefinition, type ProviderKind, providerConfigured } from './catalogue.ts';

// The provider packages are loaded when a model of theirs is first needed, not at start: together
// they are several megabytes of code and schemas (@ai-sdk/azure alone brings its own copies of the
// OpenAI provider and provider-utils), and a deployment uses one or two of them, or none.
interface ProviderModules {
  openai: typeof OpenAI;
  azure: typeof Azure;
  mistral: typeof Mistral;
  google: typeof Google;
  'openai-compatible': typeof OpenAICompatible;
}
type OnlineKind = keyof ProviderModules;

const SPECIFIERS: { [K in OnlineKind]: string } = {
  openai: '@ai-sdk/openai',
  azure: '@ai-sdk/azure',
  mistral: '@ai-sdk/mistral',
  google: '@ai-sdk/google',
  'openai-compatible': '@ai-sdk/openai-compatible',
};

const loaded: Partial<ProviderModules> = {};
const require = createRequire(import.meta.url);

/**
 * The provider's module, loaded synchronously on first use (require() of the package's ES module
 * entry: the same instance `import()` gives) when `preloadConfiguredProviders` has not loaded it yet.
 */
function providerModule<K extends OnlineKind>(kind: K): ProviderModules[K] {
  loaded[kind] ??= require(fileURLToPath(import.meta.resolve(SPECIFIERS[kind]))) as ProviderModules[K];
  return loaded[kind] as ProviderModules[K];
}

/** Loads, in the background, the providers the configuration names, so a first answer does not wait for them. */
export async function preloadConfiguredProviders(config: Config): Promise<void> {
  const kinds = new Set<ProviderKind>(configuredModels(config).map((m) => m.provider));
  for (const kind of kinds) {
    if (kind === 'offline' || providerConfigured(kind, config) !== null || loaded[kind]) continue;
    (loaded as Record<string, unknown>)[kind] = await import(SPECIFIERS[kind]);
  }
}

/** The AI SDK model for a catalogue entry. Chat Completions everywhere (with usage in the stream). */
export function languageModel(model: ModelDefinition, config: Config): LanguageModel {
  switch (model.provider) {
    case 'openai':
      // .chat(): Chat Completions, not the Responses API that openai(model) would call.
      return providerModule('openai')
        .createOpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL })
        .chat(model.providerModel);
    case 'azure':
      return providerModule('azure')
        .createAzure({ apiKey: config.AZURE_OPENAI_API_KEY, baseURL: config.AZURE_OPENAI_BASE_URL })
        .chat(model.providerModel);
    case 'mistral':
      return providerModule('mistral').createMistral({ apiKey: config.MISTRAL_API_KEY, baseURL: config.MISTRAL_BASE_URL })(
        model.providerModel,
      );
    case 'google':
      return providerModule('google').createGoogleGenerativeAI({
        apiKey: config.GOOGLE_GENERATIVE_AI_API_KEY,
        baseURL: config.GOOGLE_GENERATIVE_AI_BASE_URL,
      })(model.providerModel);
    case 'openai-compatible':
      return providerModule('openai-compatible')
        .createOpenAICompatible({
          name: 'openai-compatible',
          baseURL: config.OPENAI_COMPATIBLE_BASE_URL!,
          apiKey: config.OPENAI_COMPATIBLE_API_KEY,
          includeUsage: true,
        })
        .chatModel(model.providerModel);
    case 'offline':
      throw new Error('The offline assistant has no language model');
  }
}
