import { MAINTENANCE_TEXTS, SHELL } from '@hangar/contract';
import { Wrench } from 'lucide-react';
import { useEffect } from 'react';
import { checkHealth } from '../../api/auth';
import { browser } from '../../api/navigation';
import { Logo } from '../../ui/Logo';

const [title, expected, autoRefresh] = MAINTENANCE_TEXTS;

export function MaintenancePage() {
  useEffect(() => {
    const timer = window.setInterval(async () => {
      if (await checkHealth()) browser.reload();
    }, SHELL.healthPollMs);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-8 bg-page px-6 text-center">
      <Logo size={48} />
      <div className="flex size-20 items-center justify-center rounded-full bg-surface-strong text-brand dark:text-fg">
        <Wrench className="size-9" aria-hidden />
      </div>
      <div className="max-w-xl space-y-3">
        <h1 className="font-semibold text-3xl tracking-tight">{title}</h1>
        <p className="text-fg-muted text-lg">{expected}</p>
        <p className="text-fg-subtle text-sm">{autoRefresh}</p>
      </div>
    </main>
  );
}
