import { useQuery } from '@tanstack/react-query';
import { models, type service } from 'powerbi-client';
import { PowerBIEmbed } from 'powerbi-client-react';
import { useMemo, useRef, useState } from 'react';
import { Spinner } from '../../ui/Spinner';
import { fetchReport, postRendered } from './api';
import { DASHBOARD_TEXTS as T } from './texts';

/** Power BI embed tokens are renewed by the server 5 minutes before expiry; asked again well before. */
const REFRESH_MS = 20 * 60_000;

/**
 * A dashboard shown through Power BI Embedded ("app owns data"): the report route gives the
 * report id, embed URL and embed token; powerbi-client-react draws it. Loading until Power BI says
 * the report rendered; that time is posted to report-rendered.
 */
export default function PowerBiReport({ reportKey, title, sessionId }: { reportKey: string; title: string; sessionId: string }) {
  const startedAt = useRef(performance.now());
  const posted = useRef(false);
  const [rendered, setRendered] = useState(false);
  const report = useQuery({
    queryKey: ['dashboards', 'report', reportKey, sessionId],
    queryFn: () => fetchReport(reportKey, sessionId),
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
  });
  const embedConfig = useMemo(() => {
    const answer = report.data;
    if (!answer) return null;
    return {
      type: 'report',
      id: answer.reports[0]!.id,
      embedUrl: answer.reports[0]!.embedUrl,
      accessToken: answer.token,
      tokenType: models.TokenType.Embed,
      settings: { panes: { filters: { visible: false } }, background: models.BackgroundType.Transparent },
    } satisfies models.IReportEmbedConfiguration;
  }, [report.data]);
  const handlers = useMemo(
    () =>
      new Map<string, (event?: service.ICustomEvent<unknown>) => void>([
        [
          'rendered',
          () => {
            setRendered(true);
            if (posted.current) return;
            posted.current = true;
            const seconds = Math.round(performance.now() - startedAt.current) / 1000;
            postRendered(sessionId, seconds).catch((error: unknown) => console.warn('The render time was not recorded.', error));
          },
        ],
        // Spec section 8: report load errors are logged only.
        ['error', (event) => console.warn('Power BI reported an error.', event?.detail)],
      ]),
    [sessionId],
  );

  if (report.error) {
    return (
      <div
        role="alert"
        className="m-4 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100"
      >
        <p className="font-semibold">{T.loadFailed}</p>
        <p>{report.error.message}</p>
      </div>
    );
  }
  return (
    <div data-testid="dashboard-report" data-state={rendered ? 'rendered' : 'loading'} className="relative h-[75vh] min-h-96">
      {!rendered && (
        <div className="absolute inset-0 flex items-center justify-center">
          <Spinner label={T.loading(title)} />
        </div>
      )}
      {embedConfig && <PowerBIEmbed embedConfig={embedConfig} eventHandlers={handlers} cssClassName="h-full w-full" />}
    </div>
  );
}
