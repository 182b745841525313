import '../index.css';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from '../routes';
import { AppProviders } from './providers';

/** Every address but "/": the PDF viewer, the download page and the not-found page. */
export function mountRoutedApp(root: HTMLElement): void {
  createRoot(root).render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
