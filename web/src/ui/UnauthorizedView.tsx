import { UNAUTHORIZED_TEXTS } from '@hangar/contract';
import { ShieldX } from 'lucide-react';
import { Logo } from './Logo';

export function UnauthorizedView() {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-6 bg-surface px-6 text-center">
      <Logo size={40} />
      <ShieldX className="size-14 text-fg-subtle" aria-hidden />
      <div className="space-y-2">
        <p className="font-bold text-6xl text-brand tracking-tight dark:text-accent">{UNAUTHORIZED_TEXTS.code}</p>
        <h1 className="font-semibold text-2xl">{UNAUTHORIZED_TEXTS.title}</h1>
        <p className="text-fg-muted">{UNAUTHORIZED_TEXTS.message}</p>
      </div>
    </main>
  );
}
