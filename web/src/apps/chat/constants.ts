import { HOME_TAB_ID } from '@hangar/contract';

/** The chat lives in the home tab (spec section 2: tab id 9 is the chat assistant). */
export const CHAT_TAB_ID = HOME_TAB_ID;

/** Spec section 4: "default model gpt4", used until the models route answers. */
export const FALLBACK_MODEL_ID = 'gpt4';

/** Spec section 9 and the "Secured chat screen" numbers. */
export const CHAT_LIMITS = {
  historyItems: 6,
  composerMinPx: 80,
  composerMaxPx: 300,
  /** Within this distance of the bottom the view keeps following a streaming answer. */
  bottomStickPx: 2,
  /** Further than this from the bottom, the scroll-to-bottom button shows. */
  bottomNearPx: 50,
  savedIndicatorMs: 1000,
  copiedMs: 1000,
  thinkingBlinkMs: 800,
  typedMaxChars: 200,
  typedLastAnswers: 2,
  settingsWidthPx: 600,
  historySearchMinChars: 2,
  historySearchDebounceMs: 250,
} as const;

export const CHAT_TEXTS = {
  placeholder: 'Message SecuredGPT',
  footer: 'SecuredGPT may make mistakes. Consider checking important information.',
  tokenHint: 'Changing subject? A fresh conversation keeps answers focused and saves tokens.',
  webSearchTitle: 'Web Search Not Supported',
  webSearchBody:
    'SecuredGPT answers from its own knowledge and your conversation; it cannot search the internet. For recent or public information, use an external search tool.',
  webSearchWarning:
    'Never upload or paste confidential documents or internal data into external tools: only this chat keeps data strictly internal.',
  outOfCredit:
    'You have no GenAI credit left, so sending is disabled. Use the Send request button at the bottom of the sidebar to ask for more.',
  interrupted: 'The answer was interrupted before it finished.',
} as const;

/** Functionalities offered in the MODEL modal, each only for users whose menu has the tab (spec section 2). */
export const FUNCTIONALITIES = [
  { tabId: 7, label: 'Multi Docs', description: 'Ask questions over documents, links, audio and video' },
  { tabId: 3, label: 'Document Translator', description: 'Translate pdf, pptx and docx documents' },
  { tabId: 4, label: 'Sentiment analysis', description: 'Sentiment analysis on spreadsheets' },
] as const;

export const LANGUAGE_NAMES = { EN: 'English', ES: 'Español', FR: 'Français', PT: 'Português', JA: '日本語' } as const;

/** DOCUMENT_OPT shortcuts (spec section 2): the translator opens in the TRANSLATOR modal, Multi Docs as its tab. */
export const DOCUMENT_SHORTCUTS = [
  { tabId: 3, kind: 'translator', label: 'Translator', description: 'Translate a pdf, pptx or docx document, keeping its layout' },
  { tabId: 7, kind: 'tab', label: 'Multi Docs', description: 'Ask questions over documents, links, audio and video' },
] as const;
