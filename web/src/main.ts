import './shell/boot/boot.css';
import { startRoot } from './shell/boot/start';
import { applyTheme, readStoredTheme } from './shell/theme/theme';

// Before anything renders, so the stored theme paints at once (no inline script: CSP).
applyTheme(readStoredTheme());

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root element');
void startRoot(rootElement);
