import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, History, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { analyticsKeys, deleteSaved, fetchHistory, fetchSaved, forgetAnswer } from './api';
import { ANALYTICS_TEXTS as T } from './texts';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' });

/** History and saved questions. Open beside the answer on a wide screen, folded on a phone. */
export function SidePanel({
  onOpenAnswer,
  onAsk,
  activeId,
}: {
  onOpenAnswer: (id: string) => void;
  onAsk: (question: string) => void;
  activeId: string | null;
}) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const history = useQuery({ queryKey: analyticsKeys.history, queryFn: fetchHistory });
  const saved = useQuery({ queryKey: analyticsKeys.saved, queryFn: fetchSaved });
  const forget = useMutation({ mutationFn: forgetAnswer, onSuccess: () => client.invalidateQueries({ queryKey: analyticsKeys.history }) });
  const unsave = useMutation({ mutationFn: deleteSaved, onSuccess: () => client.invalidateQueries({ queryKey: analyticsKeys.saved }) });

  return (
    <aside className="w-full shrink-0 md:sticky md:top-0 md:w-72 md:self-start" aria-label={T.panel}>
      <button
        type="button"
        className="flex w-full items-center justify-between rounded-lg border border-line px-3 py-2 text-sm md:hidden"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? T.hidePanel : T.showPanel}
        <ChevronDown className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
      </button>
      <div className={`${open ? 'block' : 'hidden'} mt-3 space-y-6 md:mt-0 md:block`}>
        <section className="space-y-2" data-testid="analytics-saved">
          <h2 className="flex items-center gap-2 font-semibold text-sm">
            <Star className="size-4" aria-hidden />
            {T.saved}
          </h2>
          {saved.data?.items.length ? (
            <ul className="space-y-1">
              {saved.data.items.map((item) => (
                <li key={item.id} className="group flex items-center gap-1 rounded-lg hover:bg-surface">
                  <button
                    type="button"
                    className="min-w-0 flex-1 px-2 py-1.5 text-left text-sm"
                    title={item.question}
                    onClick={() => onAsk(item.question)}
                  >
                    <span className="block truncate font-medium">{item.title}</span>
                    <span className="block truncate text-fg-muted text-xs">
                      {T.askAgain}: {item.question}
                    </span>
                  </button>
                  <button
                    type="button"
                    className="rounded p-1.5 text-fg-muted hover:text-fg"
                    aria-label={T.remove(item.title)}
                    onClick={() => unsave.mutate(item.id)}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-fg-muted text-sm">{T.noSaved}</p>
          )}
        </section>
        <section className="space-y-2" data-testid="analytics-history">
          <h2 className="flex items-center gap-2 font-semibold text-sm">
            <History className="size-4" aria-hidden />
            {T.history}
          </h2>
          {history.data?.items.length ? (
            <ul className="max-h-[60vh] space-y-1 overflow-y-auto">
              {history.data.items.map((item) => (
                <li
                  key={item.id}
                  className={`flex items-center gap-1 rounded-lg hover:bg-surface ${item.id === activeId ? 'bg-surface' : ''}`}
                >
                  <button type="button" className="min-w-0 flex-1 px-2 py-1.5 text-left text-sm" onClick={() => onOpenAnswer(item.id)}>
                    <span className="block truncate">{item.question}</span>
                    <span className="block text-fg-muted text-xs">
                      {when(item.createdAt)}
                      {item.status !== 'answered' ? ` · ${item.status}` : ''}
                    </span>
                  </button>
                  <button
                    type="button"
                    className="rounded p-1.5 text-fg-muted hover:text-fg"
                    aria-label={T.remove(item.question)}
                    onClick={() => forget.mutate(item.id)}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-fg-muted text-sm">{T.noHistory}</p>
          )}
        </section>
      </div>
    </aside>
  );
}
