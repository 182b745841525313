import { GOVERNANCE } from '@hangar/contract';
import { CircleHelp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Modal } from './ui/Modal';

function seenBefore(): boolean {
  try {
    if (localStorage.getItem(GOVERNANCE.helpStorageKey)) return true;
    localStorage.setItem(GOVERNANCE.helpStorageKey, 'true');
  } catch {
    // Storage refused (private mode): show the help, it simply cannot be remembered.
  }
  return false;
}

/** The help of Finance and Retail uploads: opens by itself on the first visit, then from the 'Help' button. */
export function HelpButton({ useCase }: { useCase: string }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!seenBefore()) setOpen(true);
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-1.5 rounded-xl border border-line px-3 py-1.5 font-medium text-sm transition hover:bg-surface"
      >
        <CircleHelp className="size-4" aria-hidden />
        Help
      </button>
      {open && <HelpPopup useCase={useCase} onClose={() => setOpen(false)} />}
    </>
  );
}

function HelpPopup({ useCase, onClose }: { useCase: string; onClose: () => void }) {
  return (
    <Modal
      title={`Help: ${useCase} files`}
      onClose={onClose}
      wide
      icon={<CircleHelp className="size-5 shrink-0 text-accent" aria-hidden />}
    >
      <div className="space-y-5 px-5 py-5 text-sm">
        <section className="space-y-1.5">
          <h3 className="font-semibold">Prepare your file</h3>
          <ul className="list-disc space-y-1 pl-5 text-fg-muted">
            <li>Follow the template structure and exact column names: download the template from a row's menu.</li>
            <li>Avoid empty lines, and avoid spaces in column names.</li>
            <li>Upload one file per row and choose its type (and version, when asked) before you confirm.</li>
          </ul>
        </section>
        <section className="space-y-1.5">
          <h3 className="font-semibold">How the stages work</h3>
          <ul className="list-disc space-y-1 pl-5 text-fg-muted">
            <li>Loaded: the file has reached the platform.</li>
            <li>File check: its structure and columns are checked against the template.</li>
            {useCase === 'Finance' && <li>KPI check: review the computed KPIs, then validate them to process the file, or reject them.</li>}
            <li>Processed: the data is in the warehouse, replacing that period's data.</li>
            <li>Grey is pending, orange running, green finished and red an error: 'See Error' tells what to fix.</li>
          </ul>
        </section>
        <section className="space-y-1.5">
          <h3 className="font-semibold">Who to contact</h3>
          <p className="text-fg-muted">
            Your BU's data ambassador: for questions about a file, a failed check, or the right to upload files.
          </p>
        </section>
      </div>
    </Modal>
  );
}
