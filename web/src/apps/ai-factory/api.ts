import {
  AI_FACTORY_APPS,
  AiFactoryAppStatus,
  AiFactoryCatalogue,
  StreamlitSessionCreated,
  type StreamlitStreamEvent,
  StreamlitUrlResponse,
} from '@hangar/contract';
import { z } from 'zod';
import { apiFetch, apiJson } from '../../api/client';

// The AI Factory's calls (spec section 7, "Dashboards and streamlit").

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

export const appNameOf = (tabId: number) => AI_FACTORY_APPS.find((a) => a.id === tabId)?.name ?? String(tabId);

export const fetchAiFactoryApps = () => apiJson('/api/streamlit/apps', AiFactoryCatalogue);
export const pingApps = (apps: { id: number; appName: string }[]) =>
  apiJson('/api/streamlit/ping', z.array(AiFactoryAppStatus), post(apps));
export const pingApp = (appName: string) => apiJson('/api/streamlit/ping/single', AiFactoryAppStatus, post({ appName }));
export const wakeApp = (appName: string) => apiJson('/api/streamlit/wake', AiFactoryAppStatus, post({ appName }));
export const createSession = (appName: string) => apiJson('/api/streamlit/create-session', StreamlitSessionCreated, post({ appName }));
export const deleteSession = (id: string) =>
  apiFetch(`/api/streamlit/delete-session/${encodeURIComponent(id)}`, { method: 'DELETE' }).catch(() => undefined);
export const checkLocalUrl = (url: string) => apiJson(`/api/streamlit/local_url?url=${encodeURIComponent(url)}`, StreamlitUrlResponse);

/**
 * Follows POST /api/streamlit/stream-session/{id}: calls onEvent for each `data:` line (comments are
 * heartbeats). Resolves when the stream ends; an HTTP failure becomes an `error` event (spec section 4).
 */
export async function followSession(id: string, onEvent: (e: StreamlitStreamEvent) => void, signal: AbortSignal): Promise<void> {
  let response: Response;
  try {
    response = await apiFetch(`/api/streamlit/stream-session/${encodeURIComponent(id)}`, { method: 'POST', signal });
  } catch (err) {
    if (!signal.aborted) onEvent({ status: 'error', error: err instanceof Error ? err.message : 'The session could not be followed.' });
    return;
  }
  const reader = response.body?.getReader();
  if (!reader) return;
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        if (block.startsWith('data: ')) onEvent(JSON.parse(block.slice(6)) as StreamlitStreamEvent);
      }
    }
  } catch {
    if (!signal.aborted) onEvent({ status: 'error', error: 'The connection to the portal was lost.' });
  }
}
