import { AI_FACTORY_PINGED_IDS, type AiFactoryAppStatus } from '@hangar/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { appNameOf, fetchAiFactoryApps, pingApps } from './api';

/**
 * The states of the caller's AI Factory apps for the home page. The favourite apps (1001–1009) the
 * user holds are pinged whenever that list changes, which wakes the sleeping ones (spec section 7).
 */
export function useAiFactoryStates(itemIds: readonly number[]): ReadonlyMap<number, AiFactoryAppStatus> {
  const enabled = itemIds.length > 0;
  const apps = useQuery({ queryKey: ['ai-factory', 'apps'], queryFn: fetchAiFactoryApps, enabled, refetchInterval: 60_000 });
  const pinged = itemIds.filter((id) => (AI_FACTORY_PINGED_IDS as readonly number[]).includes(id));
  const key = pinged.join(',');
  useEffect(() => {
    if (!key) return;
    const ids = key.split(',').map(Number);
    pingApps(ids.map((id) => ({ id, appName: appNameOf(id) }))).catch(() => undefined);
  }, [key]);
  return useMemo(() => new Map((apps.data?.apps ?? []).map((a) => [a.id, a])), [apps.data]);
}

export const STATE_LABEL: Record<AiFactoryAppStatus['state'], string> = {
  running: 'Running',
  sleeping: 'Sleeping',
  down: 'Down',
  not_deployed: 'Not deployed',
};
