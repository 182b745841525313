import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { models } from 'powerbi-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/token-store';
import { makeJwt } from '../../test/helpers';
import { renderWithProviders } from '../../test/render';
import PowerBiReport from './PowerBiReport';
import { SESSION_ID } from './test/dashboard-kit';
import { serve } from './test/serve';

// No Power BI service here: the embed component records what it is given, and its handlers.
const embeds = vi.hoisted(() => ({ props: [] as { embedConfig: Record<string, unknown>; eventHandlers?: Map<string, () => void> }[] }));
vi.mock('powerbi-client-react', () => ({
  PowerBIEmbed: (props: (typeof embeds.props)[number]) => {
    embeds.props.push(props);
    return <div data-testid="powerbi-embed" />;
  },
}));

const EMBED_URL = 'https://app.powerbi.com/reportEmbed?reportId=2f1b&groupId=9c3a&config=eyJ9';

beforeEach(() => {
  setAccessToken(makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, name: 'Ada', apps: ['Dashboard/Finance'] }));
  embeds.props = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a Power BI dashboard', () => {
  it('embeds the report of the report route with its embed token, and posts the render time once Power BI has rendered', async () => {
    const server = serve({
      [`GET /api/v1/dashboard/capex/${SESSION_ID}`]: () => ({
        reports: [{ id: '2f1b', embedUrl: EMBED_URL }],
        token: 'H4sI-embed-token',
        expiration: '2026-11-24T17:00:00Z',
      }),
      'POST /api/v1/dashboard/report-rendered': () => undefined,
    });
    renderWithProviders(<PowerBiReport reportKey="capex" title="Capex" sessionId={SESSION_ID} />);
    await screen.findByTestId('powerbi-embed');
    expect(screen.getByTestId('dashboard-report').dataset.state).toBe('loading');
    expect(embeds.props.at(-1)!.embedConfig).toMatchObject({
      type: 'report',
      id: '2f1b',
      embedUrl: EMBED_URL,
      accessToken: 'H4sI-embed-token',
      tokenType: models.TokenType.Embed,
    });
    act(() => embeds.props.at(-1)!.eventHandlers!.get('rendered')!());
    await waitFor(() => expect(server.to('POST /api/v1/dashboard/report-rendered')).toHaveLength(1));
    expect(server.to('POST /api/v1/dashboard/report-rendered')[0]!.body).toMatchObject({ sessionId: SESSION_ID });
    expect(screen.getByTestId('dashboard-report').dataset.state).toBe('rendered');
  });

  it('shows the route’s reason when the report cannot be embedded', async () => {
    serve({
      [`GET /api/v1/dashboard/capex/${SESSION_ID}`]: () =>
        new Response(JSON.stringify({ message: 'Power BI answered 403: add the service principal to the workspace.' }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        }),
    });
    renderWithProviders(<PowerBiReport reportKey="capex" title="Capex" sessionId={SESSION_ID} />);
    expect((await screen.findByRole('alert')).textContent).toContain('add the service principal to the workspace');
    expect(embeds.props).toHaveLength(0);
  });
});
