import { Logo } from '../../ui/Logo';

export function Splash() {
  return (
    <div role="status" aria-label="Loading Hangar" className="flex h-full items-center justify-center bg-page">
      <div className="animate-splash flex flex-col items-center gap-6">
        <Logo size={72} />
        <div className="h-1 w-40 overflow-hidden rounded-full bg-surface-strong">
          <div className="h-full w-1/2 animate-pulse rounded-full bg-brand" />
        </div>
      </div>
    </div>
  );
}
