import '../index.css';
import { createRoot } from 'react-dom/client';
import { Portal } from '../shell/Portal';
import { AppProviders } from './providers';

/**
 * The signed-in portal on "/", once boot has said "signed in". No router: the portal keeps its
 * place in the address itself (tabs, `?tab=`).
 */
export function mountPortal(root: HTMLElement): void {
  createRoot(root).render(
    <AppProviders>
      <Portal />
    </AppProviders>,
  );
}
