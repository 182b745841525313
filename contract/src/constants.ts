/** Timings and limits of the shell (spec portal.md section 9). */
export const SHELL = {
  splashMinMs: 1000,
  healthPollMs: 60_000,
  tokenExpiryCheckMs: 60_000,
  tokenRefreshMs: 14_400_000,
  toastMs: 8000,
  downloadCloseMs: 2000,
  policyCookie: 'CGUAccepted',
  policyCookieDays: 365,
  themeStorageKey: 'theme',
  sidebarOpenWidth: 64,
  sidebarClosedWidth: 20,
  pptxSlide: { widthInches: 10, heightInches: 5.625, fileName: 'Screenshots.pptx' },
} as const;

export const BUSINESS_UNITS = ['SSA', 'AMA', 'SCA', 'ANA', 'LGW'] as const;

export const MAINTENANCE_TEXTS = [
  "We're currently down for maintenance",
  'Expected to be back online in few minutes.',
  'The page will automatically refresh when the service will be available.',
] as const;

export const UNAUTHORIZED_TEXTS = {
  code: '403',
  title: 'Unauthorized',
  message: 'You do not have permission to access this page.',
} as const;

export const DOWNLOAD_TEXTS = {
  preparing: 'Preparing download...',
  starting: 'Starting download... This window will close automatically',
  started: 'Download started! Closing window...',
  /** When the browser keeps the window open (a page opened directly, not by the portal). */
  startedStays: 'Download started. The file is in your downloads.',
  backToPortal: 'Back to Hangar',
  errorTitle: 'Error',
  errorHint: 'Please try again or contact support if the problem persists.',
  noUri: 'No URI provided',
  unknown: 'Unknown error occurred',
} as const;

export const THEMES = {
  dark: { primary: '#343540', secondary: '#343540', background: '#202123', text: '#FFFFFF' },
  light: {
    primary: '#C6DEF0',
    secondary: '#1A4384',
    background: '#FFFFFF',
    text: '#1A4283',
    secondaryText: '#FFFFFF',
  },
} as const;

/** Where the web app keeps the access token (localStorage). Here, not in auth.ts: the landing reads it without loading zod. */
export const ACCESS_TOKEN_STORAGE_KEY = 'hangar.access_token';
