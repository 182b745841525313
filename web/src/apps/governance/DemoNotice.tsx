import { demoPreparingText } from '@hangar/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { fetchDemoStatus, govKeys } from './api';

/**
 * On a first start the demo warehouse is built in the background: until it is done, governance
 * screens say so (with how far it is) instead of showing partial results as if complete, and
 * reload their data once it is.
 */
export function DemoNotice() {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: govKeys.demoStatus,
    queryFn: fetchDemoStatus,
    refetchInterval: (query) => (query.state.data?.preparing ? 3000 : false),
  });
  const preparing = status.data?.preparing ?? false;
  const wasPreparing = useRef(false);
  useEffect(() => {
    if (wasPreparing.current && !preparing) {
      void client.invalidateQueries({ queryKey: ['governance'], predicate: (q) => q.queryKey[1] !== 'demo-status' });
    }
    wasPreparing.current = preparing;
  }, [preparing, client]);
  if (!status.data?.preparing) return null;
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900 text-sm dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{demoPreparingText(status.data)}</span>
    </p>
  );
}
