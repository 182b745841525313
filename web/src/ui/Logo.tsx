interface LogoProps {
  /** Height of the mark in px; the wordmark scales with it. */
  size?: number;
  showWordmark?: boolean;
  /** `inverse` is for dark surfaces such as the sidebar. */
  tone?: 'default' | 'inverse';
  className?: string;
}

/** Hangar mark (a hangar arch sheltering a plane) and wordmark. */
export function Logo({ size = 32, showWordmark = true, tone = 'default', className = '' }: LogoProps) {
  const markColour = tone === 'inverse' ? 'text-sidebar-fg' : 'text-brand dark:text-accent';
  const cutColour = tone === 'inverse' ? 'var(--sidebar-bg)' : 'var(--palette-background)';
  const wordColour = tone === 'inverse' ? 'text-sidebar-fg' : 'text-fg';
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <svg width={size} height={size} viewBox="0 0 32 32" className={`shrink-0 ${markColour}`} role="img" aria-label="Hangar logo">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M5 27V16.5C5 10.7 10 6 16 6s11 4.7 11 10.5V27" fill="none" stroke={cutColour} strokeWidth="2.4" strokeLinecap="round" />
        <path
          fill={cutColour}
          d="M16 12.2c.7 0 1.1.6 1.1 1.4v3.4l4.6 2.6v1.5l-4.6-1.4v2.7l1.5 1.1v1.2l-2.6-.7-2.6.7v-1.2l1.5-1.1v-2.7l-4.6 1.4v-1.5l4.6-2.6v-3.4c0-.8.4-1.4 1.1-1.4z"
        />
      </svg>
      {showWordmark && (
        <span className={`font-semibold tracking-tight ${wordColour}`} style={{ fontSize: Math.round(size * 0.62) }}>
          Hangar
        </span>
      )}
    </span>
  );
}
