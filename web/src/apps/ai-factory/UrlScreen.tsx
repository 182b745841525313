import { type FormEvent, useEffect, useRef, useState } from 'react';
import { checkLocalUrl, createSession, deleteSession } from './api';

function endSessionOf(session: { current: string | null }) {
  if (session.current) void deleteSession(session.current);
  session.current = null;
}

/** Tab 999 (spec "Streamlit screens"): a URL input and a Load button; the portal checks the address first. */
export function UrlScreen() {
  const [url, setUrl] = useState('');
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // A registered app loaded here gets a session like its own tab; it ends when another loads or the screen closes.
  const session = useRef<string | null>(null);
  const endSession = () => endSessionOf(session);
  useEffect(() => () => endSessionOf(session), []);

  async function load(e: FormEvent) {
    e.preventDefault();
    setLoading(true);
    setError(null);
    try {
      const checked = (await checkLocalUrl(url.trim())).url;
      endSession();
      const registered = /^\/ai-factory\/(\d+)\//.exec(checked);
      if (registered?.[1]) {
        // A registered app is served only with a session's ticket, which the session's address carries.
        const opened = await createSession(registered[1]);
        session.current = opened.uuid;
        setSrc(opened.url);
      } else setSrc(checked);
    } catch (err) {
      setSrc(null);
      setError(err instanceof Error ? err.message : 'This address cannot be loaded.');
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className="flex h-full flex-col">
      <form onSubmit={load} className="flex items-center gap-2 border-line border-b bg-surface px-4 py-3">
        <label htmlFor="streamlit-url" className="shrink-0 font-medium text-sm">
          Streamlit app address
        </label>
        <input
          id="streamlit-url"
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://apps.example.org/forecast/"
          className="min-w-0 flex-1 rounded-lg border border-line bg-page px-3 py-1.5 text-sm"
        />
        <button
          type="submit"
          disabled={!url.trim() || loading}
          className="rounded-lg bg-brand px-4 py-1.5 font-medium text-sm text-white disabled:opacity-60 dark:bg-accent dark:text-page"
        >
          {loading ? 'Loading…' : 'Load'}
        </button>
      </form>
      {error && (
        <p
          role="alert"
          className="m-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800 text-sm dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {error}
        </p>
      )}
      {src ? (
        <iframe title="Streamlit app" src={src} className="w-full flex-1 border-0 bg-white" />
      ) : (
        !error && (
          <p className="m-auto max-w-md p-8 text-center text-fg-muted text-sm">
            Enter the address of a Streamlit app: a registered AI Factory app, or one the administrators allowed.
          </p>
        )
      )}
    </div>
  );
}
