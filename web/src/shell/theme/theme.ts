import { SHELL, THEMES } from '@hangar/contract';

export type ThemeName = keyof typeof THEMES;

export function readStoredTheme(): ThemeName {
  try {
    return localStorage.getItem(SHELL.themeStorageKey) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/** Writes the contract palette as CSS variables on <html>; index.css derives the rest. */
export function applyTheme(theme: ThemeName): void {
  const root = document.documentElement;
  const palette: Record<string, string> = { ...THEMES[theme] };
  const vars = {
    '--palette-primary': palette.primary,
    '--palette-secondary': palette.secondary,
    '--palette-background': palette.background,
    '--palette-text': palette.text,
    '--palette-secondary-text': palette.secondaryText ?? palette.text,
  };
  for (const [name, value] of Object.entries(vars)) {
    if (value) root.style.setProperty(name, value);
  }
  root.dataset.theme = theme;
}

export function storeTheme(theme: ThemeName): void {
  try {
    localStorage.setItem(SHELL.themeStorageKey, theme);
  } catch {
    // Private mode or storage disabled: the theme still applies for this page.
  }
}
