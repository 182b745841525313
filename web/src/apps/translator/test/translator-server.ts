import type { TranslationConfig, TranslationJob, TranslationMethodInfo, TranslationUsage } from '@hangar/contract';
import { vi } from 'vitest';
import { setAccessToken } from '../../../api/token-store';
import { jsonResponse, makeJwt } from '../../../test/helpers';

export const SESSION_ID = '8a4c3c8e-1f0e-4b8e-9d6c-2d2f1f0e4b8e';
export const JOB_ID = '1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b';

const method = (info: Partial<TranslationMethodInfo> & Pick<TranslationMethodInfo, 'method' | 'label'>): TranslationMethodInfo => ({
  description: '',
  quality: 1,
  available: true,
  why: null,
  pricePerPage: 1,
  targets: ['EN', 'FR', 'ES', 'PT'],
  takesSource: false,
  ...info,
});

export const TEST_CONFIG: TranslationConfig = {
  languages: { EN: 'English', FR: 'French', ES: 'Spanish', PT: 'Portuguese', JA: 'Japanese' },
  available_types: ['pptx', 'pdf', 'docx'],
  map_options: {
    pdf: ['GoogleTranslate', 'TranslationHub', 'Offline'],
    pptx: ['GoogleTranslate', 'TranslationHub', 'ChatGPT', 'Offline'],
    docx: ['GoogleTranslate', 'TranslationHub', 'ChatGPT', 'Offline'],
  },
  methods: [
    method({
      method: 'TranslationHub',
      label: 'Premium',
      description: 'A cloud translation service, for strategic content',
      quality: 5,
      available: false,
      why: 'The premium translation service is not set up on this portal (ask your administrator).',
      pricePerPage: 10,
    }),
    method({ method: 'ChatGPT', label: 'Standard', description: 'A GPT model, for non-strategic content', quality: 2, pricePerPage: 3 }),
    method({
      method: 'GoogleTranslate',
      label: 'Google Translate',
      description: 'Google Cloud Translation',
      quality: 4,
      takesSource: true,
      targets: ['EN', 'FR', 'ES', 'PT', 'JA'],
    }),
    method({ method: 'Offline', label: 'Offline draft', description: 'Apertium on the portal, draft quality', pricePerPage: 0 }),
  ],
  remaining_credit: 1000,
};

export const usage = (over: Partial<TranslationUsage> = {}): TranslationUsage => ({
  usage: 12,
  pages: 4,
  pages_estimated: false,
  page_limit: 40,
  file_name: 'report.docx',
  ...over,
});

export const job = (over: Partial<TranslationJob> = {}): TranslationJob => ({
  id: JOB_ID,
  state: 'running',
  progress: 0.25,
  step: 'Translating 1 of 4 blocks',
  error: null,
  file_name: 'report.docx',
  download_url: null,
  credits: 12,
  ...over,
});

export interface Call {
  key: string;
  init: RequestInit | undefined;
  form: FormData | null;
}

export type Handler = (call: Call) => Response | Promise<Response>;

/** A fetch stand-in for the translator's routes; each handler answers "METHOD path". */
export function translatorServer(overrides: Record<string, Handler> = {}) {
  setAccessToken(makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, name: 'Ada', email: 'ada@hangar.local' }));
  const calls: Call[] = [];
  const handlers: Record<string, Handler> = {
    'GET /api/translation/clear_session': () => jsonResponse({ id_session: SESSION_ID }),
    [`GET /api/translation/config/${SESSION_ID}`]: () => jsonResponse(TEST_CONFIG),
    'POST /api/translation/document': () => jsonResponse(usage()),
    'POST /api/translation': () =>
      new Response(new Blob(['translated']), {
        status: 200,
        headers: { 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment; filename="translated_report.docx"' },
      }),
    [`DELETE /api/translation/clear_session/${SESSION_ID}`]: () => new Response(null, { status: 204 }),
    ...overrides,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${url}`;
    const call = { key, init, form: init?.body instanceof FormData ? init.body : null };
    calls.push(call);
    const handler = handlers[key];
    if (!handler) return jsonResponse({ message: `no stub for ${key}` }, 404, 'Not Found');
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, keys: () => calls.map((c) => c.key) };
}

export function docx(name = 'report.docx', content = 'PK docx'): File {
  return new File([content], name, { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
}
