import { Construction } from 'lucide-react';
import type { AppProps } from './registry';

export function NotAvailableApp({ tab }: AppProps) {
  return (
    <div className="flex h-full items-center justify-center p-8">
      <div className="max-w-md rounded-2xl border border-line bg-surface p-8 text-center">
        <Construction className="mx-auto mb-4 size-10 text-fg-subtle" aria-hidden />
        <h2 className="font-semibold text-lg">This application is not available yet</h2>
        <p className="mt-2 text-fg-muted text-sm">
          <span className="font-medium">{tab.title}</span> is listed in your menu but is not part of this version of the portal. Please
          contact the platform team if you expected to use it.
        </p>
      </div>
    </div>
  );
}
