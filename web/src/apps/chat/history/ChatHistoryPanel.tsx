import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, MessagesSquare, MoreHorizontal, Pencil, RotateCw, Search, Trash2, TriangleAlert, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../api/client';
import { chatKeys, deleteChat, fetchHistory, type HistoryItem, renameChat, searchChats } from '../api';
import { useChatState, useChatStore } from '../chat-store';
import { Modal } from '../components/Modal';
import { CHAT_LIMITS } from '../constants';
import type { Conversation } from '../messages';
import { Excerpt } from './Excerpt';

/** Spec section 2: the 6 most recent chats, newest first by timestamp. */
export function recentChats(chats: readonly HistoryItem[], count: number = CHAT_LIMITS.historyItems): HistoryItem[] {
  return [...chats].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp)).slice(0, count);
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

const failure = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

const rowButton = 'flex w-full min-w-0 items-center gap-2 rounded-lg px-2.5 py-1.5 text-left text-sm transition';

/**
 * The sidebar's Chat History (shown while the chat tab is active and the sidebar open): recent
 * chats to reopen, rename or delete, and a search over all of the user's conversations.
 */
export function ChatHistoryPanel() {
  const queryClient = useQueryClient();
  const store = useChatStore();
  const { activeId } = useChatState();
  const [query, setQuery] = useState('');
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<HistoryItem | null>(null);
  const searchId = useId();

  const history = useQuery({ queryKey: chatKeys.history, queryFn: fetchHistory, staleTime: 30_000 });
  const term = useDebounced(query.trim(), CHAT_LIMITS.historySearchDebounceMs);
  const searching = term.length >= CHAT_LIMITS.historySearchMinChars && query.trim().length >= CHAT_LIMITS.historySearchMinChars;
  const results = useQuery({ queryKey: chatKeys.search(term), queryFn: () => searchChats(term), enabled: searching, staleTime: 10_000 });

  const rename = useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => renameChat(id, title),
    onSuccess: (_, { id, title }) => {
      queryClient.setQueryData<Conversation>(chatKeys.session(id), (c) => (c ? { ...c, title } : c));
      setRenaming(null);
    },
    onError: (error) => toast.error(failure(error, 'The conversation could not be renamed.')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.history }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteChat(id),
    onSuccess: (_, id) => {
      store.forget(id);
      setDeleting(null);
    },
    onError: (error) => toast.error(failure(error, 'The conversation could not be deleted.')),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.history });
      void queryClient.invalidateQueries({ queryKey: ['chat', 'search'] });
    },
  });

  function select(id: string) {
    setOpenMenu(null);
    store.select(id);
  }

  const recent = recentChats(history.data ?? []);

  return (
    <nav aria-label="Chat History" className="flex max-h-[45%] min-h-0 shrink flex-col gap-2 border-sidebar-hover border-t px-3 pt-3 pb-2">
      <h2 className="flex items-center gap-2 px-1 font-semibold text-sidebar-muted text-xs uppercase tracking-wider">
        <MessagesSquare className="size-4" aria-hidden />
        Chat History
      </h2>
      <div className="relative px-1">
        <label htmlFor={searchId} className="sr-only">
          Search your conversations
        </label>
        <Search className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3.5 size-3.5 text-sidebar-muted" aria-hidden />
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search conversations"
          className="w-full rounded-lg border border-sidebar-hover bg-sidebar-hover py-1.5 pr-2 pl-8 text-sidebar-fg text-sm placeholder:text-sidebar-muted focus:border-sidebar-fg/70 focus:outline-none focus-visible:ring-2 focus-visible:ring-sidebar-fg/70"
        />
      </div>
      <div className="min-h-0 overflow-y-auto">
        {searching ? (
          <SearchResults
            loading={results.isPending}
            failed={results.isError}
            hits={results.data ?? []}
            term={term}
            activeId={activeId}
            onSelect={(id) => {
              setQuery('');
              select(id);
            }}
          />
        ) : history.isPending ? (
          <ul aria-hidden className="space-y-1.5 px-1">
            {[0, 1, 2].map((i) => (
              <li key={i} className="h-7 animate-pulse rounded-lg bg-sidebar-hover" />
            ))}
          </ul>
        ) : history.isError ? (
          <p className="px-1 text-sidebar-fg text-sm">
            Your conversations could not be loaded.{' '}
            <button type="button" onClick={() => void history.refetch()} className="inline-flex items-center gap-1 font-medium underline">
              <RotateCw className="size-3" aria-hidden /> Retry
            </button>
          </p>
        ) : recent.length === 0 ? (
          <p className="px-1 text-sidebar-muted text-sm">Your conversations will appear here.</p>
        ) : (
          <ul className="space-y-0.5">
            {recent.map((chat) => (
              <li key={chat.session_id} data-testid="chat-history-item">
                {renaming === chat.session_id ? (
                  <RenameForm
                    title={chat.title}
                    saving={rename.isPending}
                    onSave={(title) => rename.mutate({ id: chat.session_id, title })}
                    onCancel={() => setRenaming(null)}
                  />
                ) : (
                  <div className="group flex items-center gap-0.5">
                    <button
                      type="button"
                      onClick={() => select(chat.session_id)}
                      aria-current={chat.session_id === activeId ? 'page' : undefined}
                      title={chat.title}
                      className={`${rowButton} ${
                        chat.session_id === activeId
                          ? 'bg-sidebar-active font-semibold text-sidebar-fg'
                          : 'text-sidebar-fg/90 hover:bg-sidebar-hover'
                      }`}
                    >
                      <span className="truncate">{chat.title}</span>
                    </button>
                    <button
                      type="button"
                      onClick={() => setOpenMenu((open) => (open === chat.session_id ? null : chat.session_id))}
                      aria-expanded={openMenu === chat.session_id}
                      aria-label="Conversation actions"
                      title="Rename or delete"
                      className="shrink-0 rounded-md p-1 text-sidebar-muted transition hover:bg-sidebar-hover hover:text-sidebar-fg"
                    >
                      <MoreHorizontal className="size-4" aria-hidden />
                    </button>
                  </div>
                )}
                {openMenu === chat.session_id && renaming !== chat.session_id && (
                  <div className="mt-0.5 mb-1 ml-2 flex gap-1">
                    <button
                      type="button"
                      onClick={() => {
                        setOpenMenu(null);
                        setRenaming(chat.session_id);
                      }}
                      className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sidebar-fg text-xs hover:bg-sidebar-hover"
                    >
                      <Pencil className="size-3.5" aria-hidden /> Rename
                    </button>
                    <button
                      type="button"
                      onClick={() => {
                        setOpenMenu(null);
                        setDeleting(chat);
                      }}
                      className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sidebar-fg text-xs hover:bg-sidebar-hover"
                    >
                      <Trash2 className="size-3.5" aria-hidden /> Delete
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {deleting && (
        <DeleteDialog
          chat={deleting}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting.session_id)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </nav>
  );
}

function RenameForm({
  title,
  saving,
  onSave,
  onCancel,
}: {
  title: string;
  saving: boolean;
  onSave: (title: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(title);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);
  function submit(event: FormEvent) {
    event.preventDefault();
    const next = value.trim();
    if (!next || next === title) return onCancel();
    onSave(next);
  }
  return (
    <form onSubmit={submit} className="flex items-center gap-0.5">
      <input
        ref={inputRef}
        value={value}
        maxLength={200}
        disabled={saving}
        aria-label="Rename conversation"
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
        className="min-w-0 flex-1 rounded-md border border-sidebar-fg/40 bg-sidebar-hover px-2 py-1 text-sidebar-fg text-sm focus:outline-none"
      />
      <button type="submit" aria-label="Save the name" disabled={saving} className="rounded-md p-1 text-sidebar-fg hover:bg-sidebar-hover">
        <Check className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        aria-label="Cancel renaming"
        onClick={onCancel}
        className="rounded-md p-1 text-sidebar-fg hover:bg-sidebar-hover"
      >
        <X className="size-4" aria-hidden />
      </button>
    </form>
  );
}

function SearchResults({
  loading,
  failed,
  hits,
  term,
  activeId,
  onSelect,
}: {
  loading: boolean;
  failed: boolean;
  hits: readonly { session_id: string; title: string; excerpt: string }[];
  term: string;
  activeId: string;
  onSelect: (id: string) => void;
}) {
  if (loading) return <p className="px-1 text-sidebar-muted text-sm">Searching...</p>;
  if (failed) return <p className="px-1 text-sidebar-fg text-sm">The search failed. Try again in a moment.</p>;
  if (hits.length === 0) return <p className="px-1 text-sidebar-muted text-sm">No conversation matches.</p>;
  return (
    <ul aria-label="Search results" className="space-y-0.5">
      {hits.map((hit) => (
        <li key={hit.session_id}>
          <button
            type="button"
            onClick={() => onSelect(hit.session_id)}
            aria-current={hit.session_id === activeId ? 'page' : undefined}
            className="w-full rounded-lg px-2.5 py-1.5 text-left text-sidebar-fg transition hover:bg-sidebar-hover"
          >
            <span className="block truncate font-medium text-sm">{hit.title}</span>
            <span className="line-clamp-2 text-sidebar-muted text-xs">
              <Excerpt text={hit.excerpt} term={term} />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function DeleteDialog({
  chat,
  pending,
  onConfirm,
  onCancel,
}: {
  chat: HistoryItem;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const bodyId = useId();
  return (
    <Modal
      title="Delete this conversation?"
      role="alertdialog"
      onClose={onCancel}
      width={440}
      initialFocus={cancelRef}
      describedBy={bodyId}
      icon={<TriangleAlert className="size-5 shrink-0 text-red-600 dark:text-red-400" aria-hidden />}
    >
      <div className="space-y-5 px-5 py-5">
        <p id={bodyId} className="text-fg-muted text-sm">
          “{chat.title}” and all its messages will be deleted. This cannot be undone.
        </p>
        <div className="flex justify-end gap-2">
          <button
            ref={cancelRef}
            type="button"
            onClick={onCancel}
            className="rounded-xl border border-line px-4 py-2 font-medium text-sm transition hover:bg-surface"
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={onConfirm}
            disabled={pending}
            className="rounded-xl bg-red-600 px-4 py-2 font-semibold text-sm text-white transition hover:bg-red-700 disabled:opacity-60"
          >
            Delete
          </button>
        </div>
      </div>
    </Modal>
  );
}
