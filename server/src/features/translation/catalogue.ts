import {
  CREDITLESS_METHODS,
  TRANSLATION_METHODS,
  TRANSLATION_PAGE_LIMITS,
  TRANSLATION_TYPES,
  type TranslationConfig,
  type TranslationFileType,
  type TranslationMethod,
  type TranslationMethodInfo,
} from '@hangar/contract';
import type { Config } from '../../config.ts';
import { LANGUAGES, methodTargets, methodUnavailable } from './engines.ts';

const DEFAULT_PRICES: Record<TranslationMethod, number> = { GoogleTranslate: 5, TranslationHub: 20, ChatGPT: 10, Offline: 1 };

const DESCRIPTIONS: Record<TranslationMethod, { label: string; description: string; quality: number }> = {
  TranslationHub: {
    label: 'Premium',
    description: 'A cloud translation service that keeps the layout. Quality 5/5, for strategic content.',
    quality: 5,
  },
  ChatGPT: { label: 'Standard', description: 'A GPT model translates the text. Quality 2/5, for non-strategic content.', quality: 2 },
  GoogleTranslate: {
    label: 'Google Translate',
    description: 'Google Cloud Translation; the only method where you choose the original language.',
    quality: 3,
  },
  Offline: {
    label: 'Offline draft',
    description: 'Translated on the portal itself (Apertium): a rough draft to get the gist. No Japanese.',
    quality: 1,
  },
};

export const pricePerPage = (method: TranslationMethod, config: Config) => config.TRANSLATION_PRICES[method] ?? DEFAULT_PRICES[method];

/** Credits a translation holds: pages × the method's price, rounded up. */
export const usageFor = (method: TranslationMethod, pages: number, config: Config) => Math.ceil(pages * pricePerPage(method, config));

/**
 * At 0 credit or less pdf is not accepted and only the methods that cost nothing outside the portal
 * are offered (spec section 5, whose "only GoogleTranslate" rule is about paid methods; the offline
 * engine stays usable: CREDITLESS_METHODS, issue 33 item 7). Those run unpaid then (service.ts).
 */
export function creditAllows(method: TranslationMethod, type: TranslationFileType | null, remaining: number): string | null {
  if (remaining > 0) return null;
  if (type === 'pdf') return 'You have run out of credits: pdf documents cannot be translated until you get more.';
  if (!CREDITLESS_METHODS.includes(method)) {
    const free = CREDITLESS_METHODS.map((m) => DESCRIPTIONS[m].label).join(' and ');
    return `You have run out of credits: only ${free} can be used until you get more.`;
  }
  return null;
}

export function methodInfos(config: Config, remaining: number): TranslationMethodInfo[] {
  return TRANSLATION_METHODS.map((method) => {
    const why = methodUnavailable(method, config) ?? creditAllows(method, null, remaining);
    return {
      method,
      ...DESCRIPTIONS[method],
      available: why === null,
      why,
      pricePerPage: pricePerPage(method, config),
      targets: methodTargets(method),
      takesSource: method === 'GoogleTranslate',
    };
  });
}

export function translationConfig(config: Config, remaining: number): TranslationConfig {
  const methods = methodInfos(config, remaining);
  const types = TRANSLATION_TYPES.filter((t) => remaining > 0 || t !== 'pdf');
  const map_options = Object.fromEntries(
    types.map((t) => [t, methods.filter((m) => m.available && creditAllows(m.method, t, remaining) === null).map((m) => m.method)]),
  );
  return { languages: LANGUAGES, available_types: [...types], map_options, methods, remaining_credit: remaining };
}

export const pageLimit = (method: TranslationMethod) => TRANSLATION_PAGE_LIMITS[method];
