import { LOGO_ARCH_PATH, LOGO_PLANE_PATH, wordmarkSize } from './logo-mark';

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
        <path d={LOGO_ARCH_PATH} fill="none" stroke={cutColour} strokeWidth="2.4" strokeLinecap="round" />
        <path fill={cutColour} d={LOGO_PLANE_PATH} />
      </svg>
      {showWordmark && (
        <span className={`font-semibold tracking-tight ${wordColour}`} style={{ fontSize: wordmarkSize(size) }}>
          Hangar
        </span>
      )}
    </span>
  );
}
