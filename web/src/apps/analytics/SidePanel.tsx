import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, History, Star, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
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
        <QuestionList
          testId="analytics-saved"
          icon={<Star className="size-4" aria-hidden />}
          title={T.saved}
          empty={T.noSaved}
          items={(saved.data?.items ?? []).map((item) => ({
            id: item.id,
            primary: <span className="block truncate font-medium">{item.title}</span>,
            secondary: `${T.askAgain}: ${item.question}`,
            hint: item.question,
            removeLabel: T.remove(item.title),
            open: () => onAsk(item.question),
            remove: () => unsave.mutate(item.id),
          }))}
        />
        <QuestionList
          testId="analytics-history"
          icon={<History className="size-4" aria-hidden />}
          title={T.history}
          empty={T.noHistory}
          scrolls
          items={(history.data?.items ?? []).map((item) => ({
            id: item.id,
            primary: <span className="block truncate">{item.question}</span>,
            secondary: `${when(item.createdAt)}${item.status !== 'answered' ? ` · ${item.status}` : ''}`,
            active: item.id === activeId,
            removeLabel: T.remove(item.question),
            open: () => onOpenAnswer(item.id),
            remove: () => forget.mutate(item.id),
          }))}
        />
      </div>
    </aside>
  );
}

interface ListItem {
  id: string;
  primary: ReactNode;
  secondary: string;
  hint?: string;
  active?: boolean;
  removeLabel: string;
  open: () => void;
  remove: () => void;
}

/** One titled list of the panel: each row opens its question, and a bin removes it. */
function QuestionList(props: { testId: string; icon: ReactNode; title: string; empty: string; scrolls?: boolean; items: ListItem[] }) {
  return (
    <section className="space-y-2" data-testid={props.testId}>
      <h2 className="flex items-center gap-2 font-semibold text-sm">
        {props.icon}
        {props.title}
      </h2>
      {props.items.length ? (
        <ul className={`space-y-1 ${props.scrolls ? 'max-h-[60vh] overflow-y-auto' : ''}`}>
          {props.items.map((item) => (
            <li key={item.id} className={`flex items-center gap-1 rounded-lg hover:bg-surface ${item.active ? 'bg-surface' : ''}`}>
              <button type="button" className="min-w-0 flex-1 px-2 py-1.5 text-left text-sm" title={item.hint} onClick={item.open}>
                {item.primary}
                <span className="block truncate text-fg-muted text-xs">{item.secondary}</span>
              </button>
              <button
                type="button"
                className="rounded p-1.5 text-fg-muted hover:text-fg"
                aria-label={item.removeLabel}
                onClick={item.remove}
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-fg-muted text-sm">{props.empty}</p>
      )}
    </section>
  );
}
