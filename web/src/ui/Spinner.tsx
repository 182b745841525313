import { LoaderCircle } from 'lucide-react';

export function Spinner({ label, className = 'size-5' }: { label?: string; className?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-fg-muted">
      <LoaderCircle className={`animate-spin ${className}`} aria-hidden />
      {label ? <span>{label}</span> : <span className="sr-only">Loading</span>}
    </span>
  );
}
