import type { TranslationMethod } from '@hangar/contract';
import type { Config } from '../../config.ts';
import { configuredModels, providerConfigured } from '../../providers/llm/catalogue.ts';
import { languageModel } from '../../providers/llm/providers.ts';
import { APERTIUM_LANGUAGES, apertiumInstalled, apertiumUnavailable, createApertiumEngine } from '../../providers/translate/apertium.ts';
import { createDeepLEngine } from '../../providers/translate/deepl.ts';
import type { TranslationEngine } from '../../providers/translate/engine.ts';
import { createGoogleEngine } from '../../providers/translate/google.ts';
import { createLlmEngine } from '../../providers/translate/llm.ts';

/** The portal's languages (spec: EN, FR, ES, PT, JA); codes are lower case on the wire to engines. */
export const LANGUAGES: Record<string, string> = { EN: 'English', FR: 'French', ES: 'Spanish', PT: 'Portuguese', JA: 'Japanese' };
const ALL = Object.keys(LANGUAGES);

/** Why a method cannot run in this deployment, or null. */
export function methodUnavailable(method: TranslationMethod, config: Config): string | null {
  switch (method) {
    case 'GoogleTranslate':
      return config.GOOGLE_TRANSLATE_API_KEY && config.GOOGLE_TRANSLATE_PROJECT
        ? null
        : 'Google Translate is not configured on this portal (GOOGLE_TRANSLATE_PROJECT and GOOGLE_TRANSLATE_API_KEY).';
    case 'TranslationHub':
      return config.DEEPL_API_KEY ? null : 'The premium translation service is not configured on this portal (DEEPL_API_KEY).';
    case 'ChatGPT': {
      const model = llmModel(config);
      if (!model) return `The translation model ${config.TRANSLATION_LLM_MODEL} is not in the model catalogue.`;
      if (model.provider === 'offline') return 'No language model provider is configured for translation.';
      return providerConfigured(model.provider, config);
    }
    case 'Offline':
      return apertiumInstalled() ? null : 'The offline engine (Apertium) is not installed on this server.';
  }
}

/** Target languages a method can produce (the offline engine has no Japanese). */
export function methodTargets(method: TranslationMethod): string[] {
  if (method !== 'Offline') return ALL;
  const have = apertiumInstalled();
  if (!have) return [];
  return APERTIUM_LANGUAGES.map((l) => l.toUpperCase()).filter((t) =>
    APERTIUM_LANGUAGES.some((s) => s !== t.toLowerCase() && !apertiumUnavailable(s, t.toLowerCase())),
  );
}

/** Why this method cannot translate from source to target, or null. */
export function directionUnavailable(method: TranslationMethod, source: string | null, target: string): string | null {
  if (method !== 'Offline') return null;
  if (source) return apertiumUnavailable(source, target);
  // The source is detected at run time: the target must be reachable from one of the offline languages.
  const reasons = APERTIUM_LANGUAGES.filter((s) => s !== target).map((s) => apertiumUnavailable(s, target));
  return reasons.some((r) => r === null) ? null : (reasons.find((r) => r?.includes('Japanese')) ?? reasons[0] ?? null);
}

function llmModel(config: Config) {
  return configuredModels(config).find((m) => m.id === config.TRANSLATION_LLM_MODEL);
}

export function createEngine(method: TranslationMethod, config: Config): TranslationEngine {
  const timeoutMs = config.TRANSLATION_TIMEOUT_MS;
  switch (method) {
    case 'GoogleTranslate':
      return createGoogleEngine({
        project: config.GOOGLE_TRANSLATE_PROJECT!,
        apiKey: config.GOOGLE_TRANSLATE_API_KEY!,
        baseUrl: config.GOOGLE_TRANSLATE_BASE_URL,
        timeoutMs,
      });
    case 'TranslationHub':
      return createDeepLEngine({ apiKey: config.DEEPL_API_KEY!, baseUrl: config.DEEPL_BASE_URL, timeoutMs });
    case 'ChatGPT':
      return createLlmEngine(languageModel(llmModel(config)!, config), { timeoutMs });
    case 'Offline':
      return createApertiumEngine({ timeoutMs });
  }
}
