import type { TranslationMethod } from '@hangar/contract';
import type { Config } from '../../config.ts';
import { configuredModels, notSetUp, providerConfigured } from '../../providers/llm/catalogue.ts';
import { languageModel } from '../../providers/llm/providers.ts';
import { APERTIUM_LANGUAGES, apertiumInstalled, apertiumUnavailable, createApertiumEngine } from '../../providers/translate/apertium.ts';
import { createDeepLEngine } from '../../providers/translate/deepl.ts';
import type { TranslationEngine } from '../../providers/translate/engine.ts';
import { createGoogleEngine } from '../../providers/translate/google.ts';
import { createLlmEngine } from '../../providers/translate/llm.ts';

/** The portal's languages (spec: EN, FR, ES, PT, JA); codes are lower case on the wire to engines. */
export const LANGUAGES: Record<string, string> = { EN: 'English', FR: 'French', ES: 'Spanish', PT: 'Portuguese', JA: 'Japanese' };
const ALL = Object.keys(LANGUAGES);

/**
 * Why a method cannot run in this deployment, or null. Every translator user reads this (the method
 * cards and the refusals), so it is a plain sentence; the configuration keys of each method are in
 * METHOD_SETTINGS, for administrators (Data Analytics › Services).
 */
export function methodUnavailable(method: TranslationMethod, config: Config): string | null {
  switch (method) {
    case 'GoogleTranslate':
      return config.GOOGLE_TRANSLATE_API_KEY && config.GOOGLE_TRANSLATE_PROJECT ? null : `${notSetUp('Google Translate')}.`;
    case 'TranslationHub':
      return config.DEEPL_API_KEY ? null : `${notSetUp('The premium translation service')}.`;
    case 'ChatGPT': {
      const model = llmModel(config);
      if (!model || model.provider === 'offline') return `${notSetUp('The standard translation model')}.`;
      const reason = providerConfigured(model.provider, config);
      return reason === null ? null : `${notSetUp(`The standard translation model (${model.title})`)}.`;
    }
    case 'Offline':
      return apertiumInstalled() ? null : 'The offline engine is not installed on this portal (ask your administrator).';
  }
}

/** What an administrator sets for each method (README, Configuration); the Services page shows them. */
export const METHOD_SETTINGS: Record<TranslationMethod, { key: keyof Config & string; required: boolean }[]> = {
  GoogleTranslate: [
    { key: 'GOOGLE_TRANSLATE_PROJECT', required: true },
    { key: 'GOOGLE_TRANSLATE_API_KEY', required: true },
    { key: 'GOOGLE_TRANSLATE_BASE_URL', required: false },
  ],
  TranslationHub: [
    { key: 'DEEPL_API_KEY', required: true },
    { key: 'DEEPL_BASE_URL', required: false },
  ],
  ChatGPT: [{ key: 'TRANSLATION_LLM_MODEL', required: false }],
  Offline: [],
};

/** The address each cloud method calls (the Services page checks that it answers). */
export function methodEndpoint(method: TranslationMethod, config: Config): string | null {
  if (method === 'GoogleTranslate') return config.GOOGLE_TRANSLATE_BASE_URL ?? 'https://translation.googleapis.com';
  if (method === 'TranslationHub') {
    return config.DEEPL_BASE_URL ?? (config.DEEPL_API_KEY?.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com');
  }
  return null;
}

/** The catalogue model of the ChatGPT method (TRANSLATION_LLM_MODEL), if it is in the catalogue. */
export const translationModel = (config: Config) => llmModel(config);

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
