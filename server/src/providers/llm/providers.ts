import { createAzure } from '@ai-sdk/azure';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createMistral } from '@ai-sdk/mistral';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { Config } from '../../config.ts';
import type { ModelDefinition } from './catalogue.ts';

/** The AI SDK model for a catalogue entry. Chat Completions everywhere (with usage in the stream). */
export function languageModel(model: ModelDefinition, config: Config): LanguageModel {
  switch (model.provider) {
    case 'openai':
      // .chat(): Chat Completions, not the Responses API that openai(model) would call.
      return createOpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL }).chat(model.providerModel);
    case 'azure':
      return createAzure({ apiKey: config.AZURE_OPENAI_API_KEY, baseURL: config.AZURE_OPENAI_BASE_URL }).chat(model.providerModel);
    case 'mistral':
      return createMistral({ apiKey: config.MISTRAL_API_KEY, baseURL: config.MISTRAL_BASE_URL })(model.providerModel);
    case 'google':
      return createGoogleGenerativeAI({ apiKey: config.GOOGLE_GENERATIVE_AI_API_KEY, baseURL: config.GOOGLE_GENERATIVE_AI_BASE_URL })(
        model.providerModel,
      );
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.OPENAI_COMPATIBLE_BASE_URL!,
        apiKey: config.OPENAI_COMPATIBLE_API_KEY,
        includeUsage: true,
      }).chatModel(model.providerModel);
    case 'offline':
      throw new Error('The offline assistant has no language model');
  }
}
