import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
}

export function EmptyState({ icon: Icon, title, children }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-2xl border border-line border-dashed px-6 py-10 text-center">
      <Icon className="size-8 text-fg-subtle" aria-hidden />
      <p className="font-medium">{title}</p>
      {children && <div className="max-w-md text-fg-muted text-sm">{children}</div>}
    </div>
  );
}
