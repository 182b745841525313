import { Moon, Sun } from 'lucide-react';
import { useTheme } from './ThemeProvider';

export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'light' ? 'Switch to dark theme' : 'Switch to light theme';
  const Icon = theme === 'light' ? Moon : Sun;
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={label}
      title={label}
      className="inline-flex size-9 items-center justify-center rounded-lg border border-line text-fg-muted transition hover:bg-surface hover:text-fg"
    >
      <Icon className="size-4.5" aria-hidden />
    </button>
  );
}
