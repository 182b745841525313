import { Camera, CircleStop, FileDown, ScanLine } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { captureElement, downloadDeck } from './deck';

/** The element screenshots capture: the portal's main area. */
export const CAPTURE_TARGET_ID = 'portal-main';

interface ToolButtonProps {
  label: string;
  icon: ReactNode;
  sidebarOpen: boolean;
  onClick: () => void;
  disabled?: boolean;
}

function ToolButton({ label, icon, sidebarOpen, onClick, disabled }: ToolButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      title={label}
      className={`flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm text-sidebar-fg transition hover:bg-sidebar-hover disabled:cursor-not-allowed disabled:opacity-50 ${
        sidebarOpen ? '' : 'justify-center'
      }`}
    >
      {icon}
      <span className={sidebarOpen ? 'truncate' : 'sr-only'}>{label}</span>
    </button>
  );
}

export function ScreenCaptureTool({ sidebarOpen }: { sidebarOpen: boolean }) {
  const [active, setActive] = useState(false);
  const [screenshots, setScreenshots] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function takeScreenshot() {
    const target = document.getElementById(CAPTURE_TARGET_ID);
    if (!target) return;
    setBusy(true);
    try {
      const shot = await captureElement(target);
      setScreenshots((current) => [...current, shot]);
    } catch {
      toast.error('The screenshot could not be taken. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  async function downloadPptx() {
    setBusy(true);
    try {
      await downloadDeck(screenshots);
    } catch {
      toast.error('The presentation could not be created. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  function stop() {
    setActive(false);
    setScreenshots([]);
  }

  const iconClass = 'size-5 shrink-0';
  if (!active) {
    return (
      <ToolButton
        label="Start Screen Capture"
        icon={<ScanLine className={iconClass} aria-hidden />}
        sidebarOpen={sidebarOpen}
        onClick={() => setActive(true)}
      />
    );
  }
  return (
    <div className="space-y-0.5 rounded-lg bg-sidebar-hover/50 p-1">
      <ToolButton
        label={`Take Screenshot (${screenshots.length})`}
        icon={
          <span className="relative shrink-0">
            <Camera className={iconClass} aria-hidden />
            {!sidebarOpen && screenshots.length > 0 && (
              <span
                aria-hidden
                className="-top-1.5 -right-2 absolute rounded-full bg-accent px-1 font-semibold text-[10px] text-accent-fg leading-4"
              >
                {screenshots.length}
              </span>
            )}
          </span>
        }
        sidebarOpen={sidebarOpen}
        onClick={() => void takeScreenshot()}
        disabled={busy}
      />
      <ToolButton
        label="Download PPTX"
        icon={<FileDown className={iconClass} aria-hidden />}
        sidebarOpen={sidebarOpen}
        onClick={() => void downloadPptx()}
        disabled={busy || screenshots.length === 0}
      />
      <ToolButton
        label="Stop Screen Capture"
        icon={<CircleStop className={iconClass} aria-hidden />}
        sidebarOpen={sidebarOpen}
        onClick={stop}
      />
    </div>
  );
}
