import { MenuResponse, MeResponse } from '@hangar/contract';
import { apiJson } from './client';

export const fetchMenu = () => apiJson('/api/shell/menu', MenuResponse);
export const fetchMe = () => apiJson('/api/shell/me', MeResponse);

export const queryKeys = {
  menu: ['shell', 'menu'] as const,
  me: ['shell', 'me'] as const,
};
