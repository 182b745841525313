import { AccessRequestsResponse, AccessRequestView, NotificationsResponse } from '@hangar/contract';
import { apiFetch, apiJson } from './client';

export const requestQueryKeys = {
  myAccess: ['access-requests', 'mine'] as const,
  notifications: ['notifications'] as const,
};

/** Asks the administrators for an application. Throws an ApiError on 409 (already asked, or held). */
export function requestAccess(appId: string, message?: string) {
  return apiJson('/api/access_requests', AccessRequestView, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ appId, ...(message ? { message } : {}) }),
  });
}

export async function fetchMyAccessRequests() {
  return (await apiJson('/api/access_requests/mine', AccessRequestsResponse)).requests;
}

export function fetchNotifications() {
  return apiJson('/api/notifications', NotificationsResponse);
}

/** Marks one notification, or all of them, as read. */
export async function markNotificationsRead(id?: string): Promise<void> {
  await apiFetch('/api/notifications/read', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(id ? { id } : {}),
  });
}
