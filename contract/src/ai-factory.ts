import { z } from 'zod';

// AI Factory (issue 18, part 1): Streamlit apps served inside the portal (menu ids 999–1013).
// The catalogue below is data: who may open what, and how it is presented. Where each app runs
// (its upstream) is deployment configuration, read by the server (AI_FACTORY_APPS).

export const AI_FACTORY_URL_TAB_ID = 999;
/** The apps the portal pings to wake them (spec section 2 and 9: 1001–1009). */
export const AI_FACTORY_PINGED_IDS = [1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009] as const;
/** The path under which the portal serves app {id}: /ai-factory/{id}/. */
export const AI_FACTORY_PROXY_PREFIX = '/ai-factory';
/** Comment lines on the session event stream, so proxies keep it open and the browser sees it alive. */
export const AI_FACTORY_HEARTBEAT_SECONDS = 15;

export interface AiFactoryDefinition {
  id: number;
  /** The appName of the spec's routes. */
  name: string;
  title: string;
  description: string;
  icon: string;
  /** The application identifier that grants it. */
  right: string;
}

const app = (id: number, name: string, title: string, description: string, icon: string): AiFactoryDefinition => ({
  id,
  name,
  title,
  description,
  icon,
  right: `AI_Factory/${title}`,
});

export const AI_FACTORY_APPS: readonly AiFactoryDefinition[] = [
  {
    id: AI_FACTORY_URL_TAB_ID,
    name: 'url-loader',
    title: 'Open a Streamlit app',
    description: 'Load a Streamlit app the administrators allowed, by its address',
    icon: 'link',
    right: 'AI_Factory/URL Loader',
  },
  app(1000, 'document-classifier', 'Document Classifier', 'Sort incoming documents by type and route them', 'file-search'),
  app(1001, 'passenger-forecast', 'Passenger Forecast', 'Daily passenger forecasts by terminal and airline', 'users'),
  app(1002, 'queue-time', 'Queue Time Predictor', 'Security and check-in queue times, an hour ahead', 'timer'),
  app(1003, 'baggage-anomalies', 'Baggage Anomaly Detector', 'Unusual baggage handling times and misroutes', 'luggage'),
  app(1004, 'retail-basket', 'Retail Basket Insights', 'What travellers buy together, by shop and hour', 'shopping-basket'),
  app(1005, 'car-park-occupancy', 'Car Park Occupancy', 'Occupancy forecasts for every car park', 'car'),
  app(1006, 'flight-delays', 'Flight Delay Explorer', 'Delay causes and knock-on effects by rotation', 'plane'),
  app(1007, 'energy-forecast', 'Energy Consumption Forecast', 'Terminal energy use against weather and traffic', 'zap'),
  app(1008, 'invoice-extractor', 'Invoice Extractor', 'Read supplier invoices into structured lines', 'receipt'),
  app(1009, 'feedback-explorer', 'Customer Feedback Explorer', 'Themes in passenger comments and surveys', 'message-circle'),
  app(1010, 'noise-monitoring', 'Noise Monitoring', 'Aircraft noise measurements around the airports', 'audio-lines'),
  app(1011, 'slot-simulator', 'Runway Slot Simulator', 'What-if scenarios for runway slot allocation', 'git-compare'),
  app(1012, 'procurement-spend', 'Procurement Spend Explorer', 'Spend by supplier, category and business unit', 'wallet'),
  app(1013, 'model-registry', 'Model Registry Viewer', 'Models in production, their owners and metrics', 'boxes'),
];

/** What the portal knows of an app's state: running (health 200), sleeping (health 503, or asleep by its host), down (no answer, or not deployed). */
export const AI_FACTORY_STATES = ['running', 'sleeping', 'down', 'not_deployed'] as const;
export type AiFactoryState = (typeof AI_FACTORY_STATES)[number];

export const AiFactoryAppStatus = z.object({
  id: z.number().int(),
  appName: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  state: z.enum(AI_FACTORY_STATES),
  /** Why it is not running, in words a user can act on; null when running. */
  reason: z.string().nullable(),
  /** Whether the portal can try to wake it (sleeping, with a wake route configured or Streamlit's own start). */
  wakeable: z.boolean(),
  checkedAt: z.string(),
});
export type AiFactoryAppStatus = z.infer<typeof AiFactoryAppStatus>;

export const AiFactoryCatalogue = z.object({ apps: z.array(AiFactoryAppStatus) });
export type AiFactoryCatalogue = z.infer<typeof AiFactoryCatalogue>;

/** The spec's ping body: the metadata of the favourite apps (1001–1009); only id or appName is read. */
export const StreamlitPingRequest = z
  .array(z.object({ id: z.number().int().optional(), appName: z.string().max(100).optional() }).passthrough())
  .max(50, 'At most 50 apps per ping.');
export const StreamlitPingSingleRequest = z.object({ appName: z.string().min(1, 'Name the app to ping (appName).').max(100) });

export const StreamlitSessionCreate = z.object({ appName: z.string().min(1, 'Name the app to open (appName).').max(100) });
export const StreamlitSessionCreated = z.object({
  uuid: z.string().uuid(),
  start_time: z.string(),
  /** The address to put in the iframe (same origin, ?embed=true). */
  url: z.string(),
});
export type StreamlitSessionCreated = z.infer<typeof StreamlitSessionCreated>;
export const StreamlitSessionParams = z.object({ id: z.string().uuid('The session id is a uuid.') });

export const STREAMLIT_SESSION_STATES = ['active', 'expired', 'not_found', 'connection_closed', 'error'] as const;
export type StreamlitSessionState = (typeof STREAMLIT_SESSION_STATES)[number];
/** One event of POST /api/streamlit/stream-session/{id}: `data: {"status": …, "error": …}`. */
export const StreamlitStreamEvent = z.object({
  status: z.enum(STREAMLIT_SESSION_STATES),
  error: z.string().nullable(),
  /** The app's state at this moment, so the state bar follows it. */
  app: z.enum(AI_FACTORY_STATES).optional(),
});
export type StreamlitStreamEvent = z.infer<typeof StreamlitStreamEvent>;

export const StreamlitUrlQuery = z.object({ appName: z.string().min(1, 'Name the app (appName).').max(100) });
export const StreamlitLocalUrlQuery = z.object({ url: z.string().min(1, 'Give the address of the app (url).').max(2000) });
export const StreamlitUrlResponse = z.object({ url: z.string() });
export const StreamlitWakeRequest = z.object({ appName: z.string().min(1).max(100) });
