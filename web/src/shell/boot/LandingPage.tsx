import { BarChart3, LogIn, MessageSquare, ShieldCheck } from 'lucide-react';
import { startLogin } from '../../api/auth';
import { Logo } from '../../ui/Logo';
import { ThemeToggle } from '../theme/ThemeToggle';

const HIGHLIGHTS = [
  { icon: MessageSquare, title: 'Secured AI assistant', text: 'Chat, translate and question your documents; data stays internal.' },
  { icon: BarChart3, title: 'Dashboards', text: 'Head-office and business-unit reporting in one place.' },
  { icon: ShieldCheck, title: 'Data governance', text: 'Quality, ingestion and lineage of the data you rely on.' },
];

export function LandingPage() {
  return (
    <div className="flex min-h-full flex-col bg-page">
      <header className="flex items-center justify-between px-8 py-5">
        <Logo size={36} />
        <ThemeToggle />
      </header>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col items-center justify-center gap-10 px-6 pb-16 text-center">
        <div className="space-y-4">
          <p className="font-medium text-fg-subtle text-sm uppercase tracking-[0.2em]">Data &amp; AI portal</p>
          <h1 className="font-semibold text-4xl tracking-tight sm:text-5xl">Welcome to Hangar</h1>
          <p className="mx-auto max-w-2xl text-fg-muted text-lg">
            The group's portal for dashboards, generative AI and data governance. Sign in with your corporate account to continue.
          </p>
        </div>
        <button
          type="button"
          onClick={startLogin}
          className="inline-flex items-center gap-2 rounded-xl bg-accent px-8 py-3 font-semibold text-accent-fg text-base shadow-sm transition hover:opacity-90"
        >
          <LogIn className="size-5" aria-hidden />
          Login
        </button>
        <ul className="grid w-full gap-4 sm:grid-cols-3">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-line bg-surface p-5 text-left">
              <Icon className="mb-3 size-6 text-brand dark:text-accent" aria-hidden />
              <p className="font-semibold">{title}</p>
              <p className="mt-1 text-fg-muted text-sm">{text}</p>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
