import { MULTIDOCS_LINK_MODAL_WIDTH_PX } from '@hangar/contract';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { Modal } from '../components/Modal';

/** MULTIMODAL: "Analyse Links" — one address, analysed when the button is pressed. */
export function AnalyseLinksModal({ onAnalyse, onClose }: { onAnalyse: (url: string) => void; onClose: () => void }) {
  const [url, setUrl] = useState('');
  const ready = url.trim().length > 0;
  return (
    <Modal
      title="Analyse Links"
      width={MULTIDOCS_LINK_MODAL_WIDTH_PX}
      onClose={onClose}
      icon={<Link2 className="size-5 shrink-0 text-fg-muted" aria-hidden />}
    >
      <form
        className="flex flex-col gap-3 px-5 py-5 sm:flex-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (!ready) return;
          onAnalyse(url.trim());
          onClose();
        }}
      >
        <label className="sr-only" htmlFor="multidocs-link">
          Link
        </label>
        <input
          id="multidocs-link"
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://"
          className="min-w-0 flex-1 rounded-xl border border-line bg-surface px-3 py-2 text-sm text-fg"
        />
        <button
          type="submit"
          disabled={!ready}
          className="rounded-xl bg-accent px-5 py-2 text-sm font-semibold text-accent-fg transition hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-50"
        >
          Analyse link
        </button>
      </form>
    </Modal>
  );
}
