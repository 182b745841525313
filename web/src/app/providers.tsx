import { SHELL } from '@hangar/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { Toaster } from 'sonner';
import { ThemeProvider, useTheme } from '../shell/theme/ThemeProvider';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

function ThemedToaster() {
  const { theme } = useTheme();
  return <Toaster position="top-right" duration={SHELL.toastMs} theme={theme} closeButton richColors />;
}

/** What every React page shares: theme, server state and toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          {children}
          <ThemedToaster />
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>
  );
}
