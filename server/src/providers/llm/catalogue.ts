import { APP } from '@hangar/contract';
import type { Config } from '../../config.ts';

export type ProviderKind = 'openai' | 'azure' | 'mistral' | 'google' | 'openai-compatible' | 'offline';

export interface ModelDefinition {
  id: string;
  title: string;
  description: string;
  icon: string;
  provider: ProviderKind;
  /** The model's name at its provider (the Azure deployment name for Azure). */
  providerModel: string;
  /** Credits per 1,000 tokens. */
  priceIn: number;
  priceOut: number;
  stagingOnly?: boolean;
  requiresApp?: string;
}

export const OFFLINE_MODEL_ID = 'offline';

/** The built-in catalogue (spec section 3); prices are configuration defaults, in credits. */
export const DEFAULT_MODELS: ModelDefinition[] = [
  {
    id: 'gpt4',
    title: 'GPT 4o',
    description: 'OpenAI GPT-4o: the strongest general model for writing, analysis and code',
    icon: 'sparkles',
    provider: 'openai',
    providerModel: 'gpt-4o',
    priceIn: 2.5,
    priceOut: 10,
  },
  {
    id: 'gpt4omini',
    title: 'o4 Mini',
    description: 'Fast and economical for everyday questions',
    icon: 'zap',
    provider: 'openai',
    providerModel: 'o4-mini',
    priceIn: 1.1,
    priceOut: 4.4,
    stagingOnly: true,
  },
  {
    id: 'gpt41',
    title: 'GPT 4.1',
    description: 'Long documents and precise instructions',
    icon: 'sparkles',
    provider: 'openai',
    providerModel: 'gpt-4.1',
    priceIn: 2,
    priceOut: 8,
    stagingOnly: true,
  },
  {
    id: 'gpt41nano',
    title: 'GPT 4.1 Nano',
    description: 'The cheapest model, for short simple tasks',
    icon: 'feather',
    provider: 'openai',
    providerModel: 'gpt-4.1-nano',
    priceIn: 0.1,
    priceOut: 0.4,
    stagingOnly: true,
  },
  {
    id: 'mistral',
    title: 'Mistral',
    description: 'Mistral Large, hosted in Europe',
    icon: 'wind',
    provider: 'mistral',
    providerModel: 'mistral-large-latest',
    priceIn: 2,
    priceOut: 6,
  },
  {
    id: 'gemini',
    title: 'Gemini',
    description: 'Google Gemini, quick with long contexts',
    icon: 'gem',
    provider: 'google',
    providerModel: 'gemini-2.0-flash',
    priceIn: 0.1,
    priceOut: 0.4,
  },
  {
    id: 'multimodal',
    title: 'Multimodal',
    description: 'Understands images as well as text',
    icon: 'image',
    provider: 'openai',
    providerModel: 'gpt-4o',
    priceIn: 2.5,
    priceOut: 10,
    requiresApp: APP.multiModal,
  },
  {
    id: OFFLINE_MODEL_ID,
    title: 'Offline assistant (no language model)',
    description: 'Runs inside the portal without any language model: it explains how to configure one, and quotes your documents',
    icon: 'plug-zap',
    provider: 'offline',
    providerModel: 'offline',
    priceIn: 0,
    priceOut: 0,
  },
];

/**
 * What a user reads when something is not set up: a plain sentence, without configuration keys
 * (issue 33 item 6). The keys are for administrators, in Data Analytics › Services
 * (features/admin/services.ts). No trailing period: callers end the sentence.
 */
export const notSetUp = (what: string) => `${what} is not set up on this portal (ask your administrator)`;

/** Whether the deployment has what the model's provider needs; the reason, in words for any user, when it does not. */
export function providerConfigured(kind: ProviderKind, config: Config): string | null {
  switch (kind) {
    case 'offline':
      return null;
    case 'openai':
      return config.OPENAI_API_KEY ? null : notSetUp('OpenAI');
    case 'azure':
      return config.AZURE_OPENAI_API_KEY && config.AZURE_OPENAI_BASE_URL ? null : notSetUp('Azure OpenAI');
    case 'mistral':
      return config.MISTRAL_API_KEY ? null : notSetUp('Mistral');
    case 'google':
      return config.GOOGLE_GENERATIVE_AI_API_KEY ? null : notSetUp('Gemini');
    case 'openai-compatible':
      return config.OPENAI_COMPATIBLE_BASE_URL ? null : notSetUp("The portal's own model server");
  }
}

/** The catalogue as configured: CHAT_MODEL_PROVIDER_<ID> moves a model to another provider. */
export function configuredModels(config: Config): ModelDefinition[] {
  return DEFAULT_MODELS.map((m) => {
    const override = config.CHAT_MODEL_OVERRIDES[m.id];
    return override ? { ...m, ...override } : m;
  });
}
