import { MULTIDOCS_PLACEHOLDER, MULTIDOCS_UNSUPPORTED_WARNING, type MultidocsTextPiece } from '@hangar/contract';
import { ArrowUp, Clock, Link2, LoaderCircle, Mic, Paperclip, Square, X } from 'lucide-react';
import { type ClipboardEvent, type DragEvent, useEffect, useRef, useState } from 'react';
import { StopAnswerButton } from '../components/StopAnswerButton';
import { AnalyseLinksModal } from './AnalyseLinksModal';
import {
  type Attachment,
  acceptFiles,
  estimateLabel,
  failureText,
  pendingLabel,
  sendBlockedReason,
  shownName,
  totalPages,
  usedAttachments,
} from './rules';

/** The server calls the composer needs; injected so tests and the chat can supply them. */
type Uploaded = { uri: string; total_pages: number; additional_time: number; title: string };
/** A file the server still reads in the background (upload answered "pending"). */
type Reading = { progress: number | null; stage: string | null };

export interface MultidocsComposerApi {
  uploadFile: (file: File, onProgress?: (p: Reading) => void) => Promise<Uploaded>;
  scrapeUrl: (url: string) => Promise<{ uri: string; total_pages: number; additional_time: number; title: string }>;
  transcribe: (audio: Blob) => Promise<{ answer: string }>;
  /** The session's attachments already on the server (after a reload, a conversation reopened). */
  list: () => Promise<{ uri: string; total_pages: number; additional_time: number; title: string }[]>;
  /** Deletes an uploaded attachment on the server (its file and passages). */
  remove: (uri: string) => Promise<void>;
}

export interface MultidocsSend {
  text: string;
  texts: MultidocsTextPiece[];
  totalPages: number;
  additionalTime: number;
}

const MIN_HEIGHT = 80;
const MAX_HEIGHT = 300;
let nextId = 0;

/** Multimodal composer (spec: chat, multi-docs mode): text, attachments, links, recording, estimate, send. */
export function MultidocsComposer({
  api,
  busy,
  onSend,
  onStop,
}: {
  api: MultidocsComposerApi;
  busy: boolean;
  onSend: (s: MultidocsSend) => void;
  /** While the answer streams and its id is known: the Stop button replaces Send. */
  onStop?: () => void;
}) {
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [warning, setWarning] = useState<string | null>(null);
  const [linksOpen, setLinksOpen] = useState(false);
  const [recording, setRecording] = useState(false);
  const [transcribing, setTranscribing] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const removed = useRef(new Set<string>());
  const box = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, el.scrollHeight))}px`;
  }, [text]);

  // The composer opens with the session's attachments still on the server, so a reload loses none.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the composer opens for its conversation
  useEffect(() => {
    let open = true;
    api.list().then(
      (found) => {
        if (!open || found.length === 0) return;
        setAttachments((list) => [
          ...found
            .filter((f) => !list.some((a) => a.uri === f.uri))
            .map(
              (f): Attachment => ({
                id: `att-${++nextId}`,
                name: f.title,
                status: 'uploaded',
                uri: f.uri,
                pages: f.total_pages,
                additionalTime: f.additional_time,
              }),
            ),
          ...list,
        ]);
      },
      (error: unknown) => console.warn('The attachments could not be listed.', error),
    );
    return () => {
      open = false;
    };
  }, []);

  const blocked = sendBlockedReason({ text, attachments, recording, transcribing });

  function track(name: string, start: (onProgress: (p: Reading) => void) => Promise<Uploaded>) {
    const id = `att-${++nextId}`;
    setAttachments((list) => [...list, { id, name, status: 'pending' }]);
    const onProgress = (p: Reading) =>
      setAttachments((list) =>
        list.map((a) => (a.id === id && a.status === 'pending' ? { ...a, progress: p.progress, stage: p.stage } : a)),
      );
    start(onProgress).then(
      (r) => {
        // Removed while it uploaded: the server's copy goes too.
        if (removed.current.has(id)) return void api.remove(r.uri).catch(() => {});
        setAttachments((list) =>
          list.map((a) =>
            a.id === id
              ? { ...a, name: r.title || name, status: 'uploaded', uri: r.uri, pages: r.total_pages, additionalTime: r.additional_time }
              : a,
          ),
        );
      },
      // The chip says why, in the server's words (a refused link, an encrypted pdf...), until removed.
      (error: unknown) =>
        setAttachments((list) => list.map((a) => (a.id === id ? { ...a, status: 'failed', error: failureText(error) } : a))),
    );
  }

  /** Issue 33: a question is asked over the selected attachments ("Select one or all file"). */
  function select(id: string, selected: boolean) {
    setAttachments((list) => list.map((a) => (a.id === id ? { ...a, selected } : a)));
  }
  const uploaded = attachments.filter((a) => a.status === 'uploaded');
  const allSelected = uploaded.every((a) => a.selected !== false);
  function selectAll(selected: boolean) {
    setAttachments((list) => list.map((a) => (a.status === 'uploaded' ? { ...a, selected } : a)));
  }

  /** Removed from the composer, removed on the server; a failure there leaves it to the server's sweep. */
  function removeAttachment(attachment: Attachment) {
    removed.current.add(attachment.id);
    setAttachments((list) => list.filter((x) => x.id !== attachment.id));
    if (attachment.uri) api.remove(attachment.uri).catch((error: unknown) => console.warn('The attachment could not be deleted.', error));
  }

  function addFiles(files: File[]) {
    if (files.length === 0) return;
    const { accepted, refused } = acceptFiles(files);
    setWarning(refused ? MULTIDOCS_UNSUPPORTED_WARNING : null);
    if (refused) return; // spec: nothing is added when a file has another type
    for (const f of accepted) track(f.name, (onProgress) => api.uploadFile(f, onProgress));
  }

  async function toggleRecording() {
    if (recording) {
      recorder.current?.stop();
      return;
    }
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const rec = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => chunks.push(e.data);
    rec.onstop = () => {
      for (const t of stream.getTracks()) t.stop();
      setRecording(false);
      setTranscribing(true);
      api
        .transcribe(new Blob(chunks, { type: rec.mimeType || 'audio/webm' }))
        .then((r) => setText((t) => (t ? `${t}\n${r.answer}` : r.answer)))
        .catch(() => setWarning('The recording could not be transcribed.'))
        .finally(() => setTranscribing(false));
    };
    recorder.current = rec;
    rec.start();
    setRecording(true);
  }

  function send() {
    if (blocked || busy) return;
    const used = usedAttachments(attachments);
    onSend({
      text,
      texts: [...used.map((a) => ({ uri: a.uri })), { text }],
      totalPages: totalPages(used),
      additionalTime: used.reduce((s, a) => s + (a.additionalTime ?? 0), 0),
    });
    setText('');
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the whole composer is a drop target; the attach button is the keyboard path
    <div
      data-testid="multidocs-composer"
      className="min-h-[170px] rounded-2xl border border-line bg-page shadow-sm focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/25"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e: DragEvent) => {
        e.preventDefault();
        addFiles(Array.from(e.dataTransfer.files));
      }}
    >
      {uploaded.length > 1 && (
        <label className="flex w-fit items-center gap-1.5 px-4 pt-3 text-fg-muted text-xs">
          <input type="checkbox" checked={allSelected} onChange={(e) => selectAll(e.target.checked)} className="accent-accent" />
          All files
        </label>
      )}
      {attachments.length > 0 && (
        <ul className="flex flex-wrap gap-2 px-3 pt-3" aria-label="Attachments">
          {attachments.map((a) => (
            <li
              key={a.id}
              title={a.error ? `${a.name}: ${a.error}` : a.name}
              data-selected={a.status === 'uploaded' ? a.selected !== false : undefined}
              className={`flex max-w-full items-center gap-1 rounded-lg border px-2 py-1 text-xs text-fg ${
                a.status === 'failed'
                  ? 'border-red-300 dark:border-red-800'
                  : a.status === 'uploaded' && a.selected !== false
                    ? 'border-accent'
                    : 'border-line'
              }`}
            >
              {a.status === 'pending' && <LoaderCircle className="size-3.5 shrink-0 animate-spin" aria-label="Uploading" />}
              {a.status === 'uploaded' && (
                <input
                  type="checkbox"
                  aria-label={`Ask about ${a.name}`}
                  checked={a.selected !== false}
                  onChange={(e) => select(a.id, e.target.checked)}
                  className="shrink-0 accent-accent"
                />
              )}
              <span className="shrink-0">{shownName(a.name)}</span>
              {a.status === 'pending' && pendingLabel(a) && (
                <span className="text-fg-muted" data-testid="attachment-progress">
                  · {pendingLabel(a)}
                </span>
              )}
              {a.status === 'uploaded' && <span className="text-fg-muted">· {a.pages} p.</span>}
              {a.status === 'failed' && (
                <span className="min-w-0 text-red-700 dark:text-red-300" data-testid="attachment-error">
                  · {a.error ?? 'failed'}
                </span>
              )}
              <button type="button" aria-label={`Remove ${a.name}`} className="shrink-0" onClick={() => removeAttachment(a)}>
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {(recording || transcribing) && (
        <p
          data-testid="recording-block"
          className="mx-3 mt-3 flex items-center gap-2 rounded-lg bg-surface px-3 py-2 text-sm text-fg-muted"
        >
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
          {recording ? 'Recording…' : 'Transcribing…'}
        </p>
      )}
      <textarea
        ref={box}
        aria-label="Question"
        value={text}
        placeholder={MULTIDOCS_PLACEHOLDER}
        onChange={(e) => setText(e.target.value)}
        onPaste={(e: ClipboardEvent) => {
          const files = Array.from(e.clipboardData.files);
          if (files.length) {
            e.preventDefault();
            addFiles(files);
          }
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            send();
          }
        }}
        style={{ minHeight: MIN_HEIGHT, maxHeight: MAX_HEIGHT }}
        className="block w-full resize-none bg-transparent px-4 pt-3 text-fg outline-none placeholder:text-fg-subtle"
      />
      {warning && (
        <p role="alert" className="px-4 text-sm text-amber-800 dark:text-amber-200">
          {warning}
        </p>
      )}
      <div className="flex items-center justify-between gap-2 px-2 pb-2">
        <div className="flex min-w-0 items-center gap-1 text-fg-muted">
          <input
            ref={picker}
            type="file"
            multiple
            hidden
            data-testid="multidocs-file"
            onChange={(e) => addFiles(Array.from(e.target.files ?? []))}
          />
          <button
            type="button"
            aria-label="Attach files"
            className="rounded-lg p-2 hover:bg-surface-strong"
            onClick={() => picker.current?.click()}
          >
            <Paperclip className="size-4.5" aria-hidden />
          </button>
          <button
            type="button"
            aria-label={recording ? 'Stop recording' : 'Record'}
            className="rounded-lg p-2 hover:bg-surface-strong"
            onClick={() => void toggleRecording()}
          >
            {recording ? <Square className="size-4 fill-current" aria-hidden /> : <Mic className="size-4.5" aria-hidden />}
          </button>
          <button
            type="button"
            aria-label="Analyse links"
            className="rounded-lg p-2 hover:bg-surface-strong"
            onClick={() => setLinksOpen(true)}
          >
            <Link2 className="size-4.5" aria-hidden />
          </button>
          <span className="ml-1 flex items-center gap-1 text-xs" data-testid="multidocs-estimate" title="Estimated response time">
            <Clock className="size-3.5" aria-hidden />≈ {estimateLabel(attachments)}
          </span>
        </div>
        {busy && onStop ? (
          <StopAnswerButton onStop={onStop} />
        ) : (
          <button
            type="button"
            aria-label="Send"
            title={blocked ?? undefined}
            disabled={Boolean(blocked) || busy}
            onClick={send}
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg transition hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-40"
          >
            {busy ? <LoaderCircle className="size-4.5 animate-spin" aria-hidden /> : <ArrowUp className="size-4.5" aria-hidden />}
          </button>
        )}
      </div>
      {linksOpen && <AnalyseLinksModal onClose={() => setLinksOpen(false)} onAnalyse={(url) => track(url, () => api.scrapeUrl(url))} />}
    </div>
  );
}
