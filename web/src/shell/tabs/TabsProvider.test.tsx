import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BLOCKS_TAB_OPENING, TabsProvider, useTabs } from './TabsProvider';

const FINANCE = { id: 52, appId: 'Data_gov/Finance', title: 'Finance', icon: 'shield-check', externalLink: null };

let release: (v: string[]) => void = () => {};

function IngestionLoad() {
  useQuery({
    queryKey: ['ingestion'],
    queryFn: () => new Promise<string[]>((resolve) => (release = resolve)),
    meta: { [BLOCKS_TAB_OPENING]: true },
  });
  return null;
}

function Tabs() {
  const { tabs, openTab } = useTabs();
  return (
    <>
      <button type="button" onClick={() => openTab(FINANCE)}>
        open
      </button>
      <output>{tabs.map((t) => t.title).join(',')}</output>
    </>
  );
}

describe('opening tabs while ingestion data loads', () => {
  it('is refused during the first load, and allowed once it is in', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['shell', 'menu'], { items: [] });
    render(
      <QueryClientProvider client={client}>
        <TabsProvider>
          <IngestionLoad />
          <Tabs />
        </TabsProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getByRole('status').textContent).not.toContain('Finance');
    await act(async () => release([]));
    await waitFor(() => {
      fireEvent.click(screen.getByRole('button', { name: 'open' }));
      expect(screen.getByRole('status').textContent).toContain('Finance');
    });
  });
});
