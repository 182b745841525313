import { Logo } from './Logo';

export function NotFoundPage() {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-6 bg-page px-6 text-center">
      <Logo size={40} />
      <h1 className="font-semibold text-2xl">Page not found</h1>
      <p className="text-fg-muted">This address does not exist in Hangar.</p>
      <a href="/" className="rounded-xl bg-accent px-5 py-2.5 font-semibold text-accent-fg">
        Go to the portal
      </a>
    </main>
  );
}
