import {
  AiFactoryCatalogue,
  SENTIMENT,
  type ServiceStatus,
  type ServicesResponse,
  TRANSLATION_METHODS,
  type TranslationMethod,
} from '@hangar/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../platform/context.ts';
import { configuredModels, type ProviderKind, providerConfigured } from '../../providers/llm/catalogue.ts';
import { METHOD_SETTINGS, methodEndpoint, methodUnavailable, translationModel } from '../translation/engines.ts';
import { createAddressChecks, localEngine, type Reach, SERVICE_CHECK_TIMEOUT_MS } from './service-checks.ts';

// Tab 74's Services section (issue 33 item 6): each engine the portal can use, configured or not,
// answering or not, and what to set. Employees read "not set up (ask your administrator)" in the
// features; the configuration keys are here, for administrators only (ADMIN_RULE). Values are never
// shown, only whether each key is set.

type Setting = { key: keyof Config & string; required: boolean };
type Check = { address: string } | { local: readonly string[] } | { builtIn: string } | { same: string };
interface Service extends Omit<ServiceStatus, 'reachable' | 'detail' | 'settings' | 'install' | 'docs'> {
  settings: Setting[];
  install?: string;
  docs?: string;
  /** Why it is not configured (administrator's words), when it is not. */
  missing?: string;
  check?: Check;
}

const README = 'README.md, Configuration';
const req = (key: Setting['key']): Setting => ({ key, required: true });
const opt = (key: Setting['key']): Setting => ({ key, required: false });
const isSet = (config: Config, key: Setting['key']) => {
  const value = config[key] as unknown;
  if (value === undefined || value === null || value === '') return false;
  return typeof value !== 'object' || Object.keys(value as object).length > 0;
};

const LLM: Record<Exclude<ProviderKind, 'offline'>, { name: string; settings: Setting[]; address: (c: Config) => string }> = {
  openai: {
    name: 'OpenAI',
    settings: [req('OPENAI_API_KEY'), opt('OPENAI_BASE_URL')],
    address: (c) => `${(c.OPENAI_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/$/, '')}/models`,
  },
  azure: {
    name: 'Azure OpenAI',
    settings: [req('AZURE_OPENAI_API_KEY'), req('AZURE_OPENAI_BASE_URL')],
    address: (c) => c.AZURE_OPENAI_BASE_URL ?? '',
  },
  mistral: {
    name: 'Mistral',
    settings: [req('MISTRAL_API_KEY'), opt('MISTRAL_BASE_URL')],
    address: (c) => `${(c.MISTRAL_BASE_URL ?? 'https://api.mistral.ai/v1').replace(/\/$/, '')}/models`,
  },
  google: {
    name: 'Gemini',
    settings: [req('GOOGLE_GENERATIVE_AI_API_KEY'), opt('GOOGLE_GENERATIVE_AI_BASE_URL')],
    address: (c) => `${(c.GOOGLE_GENERATIVE_AI_BASE_URL ?? 'https://generativelanguage.googleapis.com/v1beta').replace(/\/$/, '')}/models`,
  },
  'openai-compatible': {
    name: 'Model server of your own (OpenAI-compatible)',
    settings: [req('OPENAI_COMPATIBLE_BASE_URL'), opt('OPENAI_COMPATIBLE_API_KEY')],
    address: (c) => `${(c.OPENAI_COMPATIBLE_BASE_URL ?? '').replace(/\/$/, '')}/models`,
  },
};

const missingKeys = (config: Config, settings: Setting[]) => {
  const keys = settings.filter((s) => s.required && !isSet(config, s.key)).map((s) => s.key);
  return keys.length ? `Set ${keys.join(' and ')}.` : undefined;
};

function chatModels(config: Config): Service[] {
  const models = configuredModels(config);
  const translation = translationModel(config);
  const providers = (Object.keys(LLM) as (keyof typeof LLM)[]).map((kind): Service => {
    const def = LLM[kind];
    const mine = models.filter((m) => m.provider === kind).map((m) => (m.stagingOnly ? `${m.title} (staging)` : m.title));
    const uses = [
      mine.length ? mine.join(', ') : 'no model yet (CHAT_MODEL_OVERRIDES moves one here)',
      ...(translation?.provider === kind ? ["the translator's Standard method"] : []),
    ];
    const configured = providerConfigured(kind, config) === null;
    return {
      id: `llm:${kind}`,
      group: 'Chat models',
      name: def.name,
      usedBy: `${uses.join('; ')}. Sentiment analysis, Multi Docs and Talk to my data use the same models.`,
      configured,
      settings: [...def.settings, opt('CHAT_MODEL_OVERRIDES')],
      missing: configured ? undefined : missingKeys(config, def.settings),
      check: { address: def.address(config) },
    };
  });
  return [
    ...providers,
    {
      id: 'llm:offline',
      group: 'Chat models',
      name: 'Offline assistant',
      usedBy: 'The chat when no model is set up: user guide and Talk to my data answers, no language model.',
      configured: true,
      settings: [],
      check: { builtIn: 'Built into the portal.' },
    },
  ];
}

const METHOD_NAMES: Record<TranslationMethod, string> = {
  GoogleTranslate: 'Google Translate (Cloud Translation v3)',
  TranslationHub: 'Premium: DeepL document translation',
  ChatGPT: 'Standard: a chat model',
  Offline: 'Offline draft: Apertium',
};

function translation(config: Config): Service[] {
  return TRANSLATION_METHODS.map((method): Service => {
    const configured = methodUnavailable(method, config) === null;
    const settings: Setting[] = METHOD_SETTINGS[method];
    const base = {
      id: `translation:${method}`,
      group: 'Translation' as const,
      name: METHOD_NAMES[method],
      usedBy: `Translator, method ${method}`,
    };
    if (method === 'Offline') {
      return {
        ...base,
        configured,
        settings,
        install: 'apertium apertium-eng-spa apertium-fr-es apertium-es-pt',
        missing: configured ? undefined : 'Install the Apertium packages (scripts/setup-system.sh).',
        check: { local: ['apertium'] },
      };
    }
    if (method === 'ChatGPT') {
      const model = translationModel(config);
      const provider = model && model.provider !== 'offline' ? model.provider : null;
      return {
        ...base,
        configured,
        settings: [...settings, ...(provider ? LLM[provider].settings : [])],
        missing: configured
          ? undefined
          : provider
            ? `${model!.title} runs on ${LLM[provider].name}: ${missingKeys(config, LLM[provider].settings) ?? 'set it up.'}`
            : `Set TRANSLATION_LLM_MODEL to a model of the catalogue (now ${config.TRANSLATION_LLM_MODEL}).`,
        check: provider ? { same: `llm:${provider}` } : undefined,
      };
    }
    return {
      ...base,
      configured,
      settings,
      missing: configured ? undefined : missingKeys(config, settings),
      check: { address: methodEndpoint(method, config)! },
    };
  });
}

function documents(config: Config): Service[] {
  const stt = isSet(config, 'STT_BASE_URL');
  const embeddings = isSet(config, 'MULTIDOCS_EMBEDDING_URL');
  return [
    {
      id: 'stt:service',
      group: 'Speech to text',
      name: 'Speech-to-text service (OpenAI-compatible)',
      usedBy: 'Multi Docs recordings, audio and video',
      configured: stt,
      settings: [req('STT_BASE_URL'), opt('STT_API_KEY'), opt('STT_MODEL')],
      missing: stt ? undefined : 'Set STT_BASE_URL; without it the offline recogniser (English only) transcribes.',
      check: { address: `${(config.STT_BASE_URL ?? '').replace(/\/$/, '')}/audio/transcriptions` },
    },
    {
      id: 'stt:offline',
      group: 'Speech to text',
      name: 'Offline recogniser: PocketSphinx (English)',
      usedBy: stt ? 'Nothing while the speech-to-text service is set' : 'Multi Docs recordings, audio and video',
      configured: true,
      settings: [],
      install: 'pocketsphinx pocketsphinx-en-us ffmpeg',
      check: { local: ['pocketsphinx_continuous', 'ffmpeg'] },
    },
    {
      id: 'ocr:tesseract',
      group: 'OCR and documents',
      name: 'OCR: Tesseract',
      usedBy: 'Multi Docs scanned pdfs and images',
      configured: true,
      settings: [],
      install: 'tesseract-ocr tesseract-ocr-eng tesseract-ocr-fra tesseract-ocr-spa tesseract-ocr-por poppler-utils',
      check: { local: ['tesseract', 'pdftoppm'] },
    },
    {
      id: 'documents:libreoffice',
      group: 'OCR and documents',
      name: 'LibreOffice',
      usedBy: 'Translator page counts of docx (estimated from words without it); old .xls sheets',
      configured: true,
      settings: [],
      install: 'libreoffice-writer-nogui libreoffice-impress-nogui',
      check: { local: ['soffice'] },
    },
    {
      id: 'multidocs:embeddings',
      group: 'OCR and documents',
      name: 'Embeddings for Multi Docs hybrid search',
      usedBy: 'Multi Docs search (full-text search only without it)',
      configured: embeddings,
      settings: [req('MULTIDOCS_EMBEDDING_URL'), opt('MULTIDOCS_EMBEDDING_KEY'), opt('MULTIDOCS_EMBEDDING_MODEL')],
      missing: embeddings ? undefined : 'Set MULTIDOCS_EMBEDDING_URL for hybrid search; full-text search works without it.',
      check: { address: `${(config.MULTIDOCS_EMBEDDING_URL ?? '').replace(/\/$/, '')}/embeddings` },
    },
    {
      id: 'sentiment:offline',
      group: 'Sentiment analysis',
      name: 'Offline analyser (word lists)',
      usedBy: `Sentiment analysis, engine "${SENTIMENT.offlineEngine}"; the chat models above are its other engines`,
      configured: true,
      settings: [],
      check: { builtIn: 'Built into the portal.' },
    },
  ];
}

function powerBi(config: Config): Service {
  const settings = [
    req('POWERBI_TENANT_ID'),
    req('POWERBI_CLIENT_ID'),
    req('POWERBI_CLIENT_SECRET'),
    req('POWERBI_REPORTS'),
    opt('POWERBI_AUTHORITY_URL'),
    opt('POWERBI_API_URL'),
    opt('DASHBOARD_PROVIDERS'),
  ];
  const reports = Object.keys(config.POWERBI_REPORTS).length;
  const configured = settings.every((s) => !s.required || isSet(config, s.key));
  return {
    id: 'dashboards:powerbi',
    group: 'Dashboards',
    name: 'Power BI Embedded',
    usedBy: configured
      ? `${reports} report${reports === 1 ? '' : 's'} (POWERBI_REPORTS), dashboards moved by DASHBOARD_PROVIDERS`
      : 'Dashboards moved to Power BI by DASHBOARD_PROVIDERS',
    configured,
    settings,
    missing: configured ? undefined : `${missingKeys(config, settings)} The builtin dashboards need nothing.`,
    // The token endpoint of the tenant, then the REST API (both must answer).
    check: {
      address: `${config.POWERBI_AUTHORITY_URL.replace(/\/$/, '')}/${encodeURIComponent(config.POWERBI_TENANT_ID ?? 'common')}/v2.0/.well-known/openid-configuration`,
    },
    docs: README,
  };
}

/**
 * The AI Factory apps, with the AI Factory's own health check (its route, asked with the caller's
 * token: the apps the caller holds). Its internals stay its own.
 */
async function aiFactory(ctx: AppContext, request: FastifyRequest): Promise<ServiceStatus[]> {
  const settings = [{ key: 'AI_FACTORY_APPS', required: true, set: isSet(ctx.config, 'AI_FACTORY_APPS') }];
  const docs = 'docs/ai-factory.md';
  const apps = await ctx.app
    .inject({ method: 'GET', url: '/api/streamlit/apps', headers: { authorization: request.headers.authorization ?? '' } })
    .then((res) => (res.statusCode === 200 ? AiFactoryCatalogue.parse(res.json()).apps : []))
    .catch(() => []);
  if (!apps.length) {
    return [
      {
        id: 'ai-factory',
        group: 'AI Factory',
        name: 'AI Factory apps',
        usedBy: 'AI Factory tabs',
        configured: settings[0]!.set,
        reachable: 'unknown',
        detail: 'The apps are checked with your own rights, and you hold no AI Factory app.',
        settings,
        install: null,
        docs,
      },
    ];
  }
  return apps.map((a) => ({
    id: `ai-factory:${a.id}`,
    group: 'AI Factory',
    name: a.title,
    usedBy: `AI Factory tab ${a.id} (${a.appName})`,
    configured: a.state !== 'not_deployed',
    reachable: a.state === 'running' ? 'yes' : a.state === 'not_deployed' ? 'unknown' : 'no',
    detail: a.reason ?? (a.state === 'running' ? 'Its health check answered.' : null),
    settings,
    install: null,
    docs,
  }));
}

export function createServiceStatus(ctx: AppContext) {
  const address = createAddressChecks(SERVICE_CHECK_TIMEOUT_MS);

  async function reach(service: Service, resolved: Map<string, Promise<Reach>>, fresh: boolean): Promise<Reach> {
    const check = service.check;
    if (!check) return { reachable: 'unknown', detail: service.missing ?? null };
    if ('builtIn' in check) return { reachable: 'yes', detail: check.builtIn };
    if ('local' in check) return localEngine(check.local);
    if (!service.configured) return { reachable: 'unknown', detail: service.missing ?? null };
    if ('same' in check) return (await resolved.get(check.same)) ?? { reachable: 'unknown', detail: null };
    if (service.id === 'dashboards:powerbi') {
      const [entra, api] = await Promise.all([address(check.address, fresh), address(ctx.config.POWERBI_API_URL, fresh)]);
      return entra.reachable !== 'yes' ? entra : api;
    }
    return address(check.address, fresh);
  }

  return async function serviceStatus(request: FastifyRequest, fresh: boolean): Promise<ServicesResponse> {
    const { config } = ctx;
    const services = [...chatModels(config), ...translation(config), ...documents(config), powerBi(config)];
    const resolved = new Map<string, Promise<Reach>>();
    for (const s of services) if (!(s.check && 'same' in s.check)) resolved.set(s.id, reach(s, resolved, fresh));
    for (const s of services) if (s.check && 'same' in s.check) resolved.set(s.id, reach(s, resolved, fresh));
    const [checked, factory] = await Promise.all([
      Promise.all(
        services.map(async (s): Promise<ServiceStatus> => {
          const { missing: _, check: __, settings, install, docs, ...rest } = s;
          return {
            ...rest,
            ...(await resolved.get(s.id)!),
            settings: settings.map((x) => ({ ...x, set: isSet(config, x.key) })),
            install: install ?? null,
            docs: docs ?? README,
          };
        }),
      ),
      aiFactory(ctx, request),
    ]);
    return { checkedAt: new Date().toISOString(), timeoutMs: SERVICE_CHECK_TIMEOUT_MS, services: [...checked, ...factory] };
  };
}
