import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { toast } from 'sonner';
import { ApiError } from '../../api/client';
import { fetchMyAccessRequests, requestAccess, requestQueryKeys } from '../../api/requests';

export function useAccessRequests() {
  const query = useQuery({ queryKey: requestQueryKeys.myAccess, queryFn: fetchMyAccessRequests, retry: false, throwOnError: false });
  const pending = new Set((query.data ?? []).filter((r) => r.status === 'pending').map((r) => r.appId));
  return { pending };
}

/** "Ask for access" on an application the user lacks; "Access requested" once asked. */
export function AskForAccess({ appId, title, state }: { appId: string; title: string; state: { pending: Set<string> } }) {
  const queryClient = useQueryClient();
  const ask = useMutation({
    mutationFn: () => requestAccess(appId),
    onSuccess: (created) => {
      // Shown as requested at once from the answer; the refetch below only confirms it.
      queryClient.setQueryData(requestQueryKeys.myAccess, (old: Awaited<ReturnType<typeof fetchMyAccessRequests>> | undefined) => [
        ...(old ?? []).filter((r) => r.id !== created.id),
        created,
      ]);
      toast.success(`Access to ${title} requested. You will be notified when an administrator decides.`);
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : `Could not request access to ${title}.`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestQueryKeys.myAccess }),
  });
  if (state.pending.has(appId)) {
    return (
      <span className="mt-2 inline-block rounded-full bg-surface-strong px-2 py-0.5 font-medium text-fg-muted text-xs">
        Access requested
      </span>
    );
  }
  return (
    <button
      type="button"
      disabled={ask.isPending}
      onClick={() => ask.mutate()}
      aria-label={`Ask for access to ${title}`}
      className="mt-2 inline-flex items-center gap-1.5 rounded-md border border-line px-2 py-1 font-medium text-xs transition hover:border-accent disabled:opacity-60"
    >
      <KeyRound className="size-3.5" aria-hidden />
      Ask for access
    </button>
  );
}
