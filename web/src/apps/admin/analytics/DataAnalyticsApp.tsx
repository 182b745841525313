import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { EChartsOption } from 'echarts';
import { ChartLine, Coins, Download, LoaderCircle, MessageSquareText, Sigma, UsersRound } from 'lucide-react';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useTheme } from '../../../shell/theme/ThemeProvider';
import { EmptyState } from '../../../ui/EmptyState';
import type { AppProps } from '../../registry';
import { useAdminAccess } from '../access';
import { type Analytics, adminErrorText, adminKeys, exportAnalytics, fetchAnalytics, type Period } from '../api';
import {
  AdminPage,
  ErrorPanel,
  Field,
  formatNumber,
  LoadingBlock,
  Section,
  SortHeader,
  type SortOrder,
  TableFrame,
  Truncated,
  tdClass,
  thClass,
} from '../ui/parts';
import { buttonClass, cardClass, fieldClass } from '../ui/styles';
import { EChart } from './EChart';
import { ServicesSection } from './ServicesSection';
import { type View, ViewSwitch } from './ViewSwitch';

export const DATA_ANALYTICS_TITLE = 'Data Analytics';

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The last `days` days, today included (UTC days, as the server counts them). */
export function lastDays(days: number, now = new Date()): Period {
  return { from: isoDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: isoDay(now) };
}

const PRESETS = [7, 31, 90] as const;

/** Every day of the period, with zeros where nothing was spent, so the axis has no gaps. */
export function fillDays(byDay: Analytics['byDay'], period: Period): Analytics['byDay'] {
  const known = new Map(byDay.map((d) => [d.day.slice(0, 10), d]));
  const out: Analytics['byDay'] = [];
  const end = Date.parse(`${period.to}T00:00:00Z`);
  for (let t = Date.parse(`${period.from}T00:00:00Z`); t <= end && out.length < 400; t += DAY_MS) {
    const day = isoDay(new Date(t));
    out.push(known.get(day) ?? { day, credits: 0, tokens: 0, answers: 0, activeUsers: 0 });
  }
  return out;
}

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

function palette(dark: boolean) {
  return {
    series: dark
      ? ['#8fb8e8', '#f2b45a', '#5cc8a1', '#e57373', '#c6def0', '#b39ddb', '#4dd0e1', '#ffd54f']
      : ['#1a4384', '#f2a541', '#2e9e7a', '#d1495b', '#6a9fd8', '#7e57c2', '#00838f', '#c6a700'],
    text: dark ? '#e5e7eb' : '#1a4283',
    muted: dark ? '#9ca3af' : '#5b7193',
    line: dark ? 'rgba(255,255,255,0.12)' : 'rgba(26,66,131,0.12)',
    tooltipBg: dark ? '#343540' : '#ffffff',
  };
}

function KpiCard({ icon, label, value, hint }: { icon: ReactNode; label: string; value: string; hint?: string }) {
  return (
    <div className={`${cardClass} flex items-center gap-3 p-4`}>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-surface-strong text-brand dark:text-accent">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-fg-muted text-sm">{label}</p>
        <p className="font-semibold text-2xl tabular-nums" title={hint}>
          {value}
        </p>
      </div>
    </div>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <figure className={`${cardClass} p-4`}>
      <figcaption className="mb-2 font-semibold text-sm">{title}</figcaption>
      {children}
    </figure>
  );
}

type UserSort = 'email' | 'credits' | 'tokens' | 'answers';

function UsersTable({ rows }: { rows: Analytics['byUser'] }) {
  const [sort, setSort] = useState<UserSort>('credits');
  const [order, setOrder] = useState<SortOrder>('desc');
  const [limit, setLimit] = useState(20);
  const sorted = [...rows].sort((a, b) => {
    const diff = sort === 'email' ? a.email.localeCompare(b.email) : a[sort] - b[sort];
    return order === 'asc' ? diff : -diff;
  });
  const sortProps = {
    sort,
    order,
    onSort: (column: UserSort, next: SortOrder) => {
      setSort(column);
      // Numbers read best largest first on the first click.
      setOrder(column !== sort && column !== 'email' ? 'desc' : next);
    },
  };
  return (
    <div className="space-y-3">
      <TableFrame label="Spend by user">
        <thead>
          <tr>
            <SortHeader label="User" column="email" {...sortProps} />
            <SortHeader label="Credits" column="credits" {...sortProps} className="text-right" />
            <SortHeader label="Tokens" column="tokens" {...sortProps} className="text-right" />
            <SortHeader label="Answers" column="answers" {...sortProps} className="text-right" />
          </tr>
        </thead>
        <tbody>
          {sorted.slice(0, limit).map((row) => (
            <tr key={row.email} className="hover:bg-surface">
              <td className={`${tdClass} max-w-72`}>
                <Truncated text={row.email} />
              </td>
              <td className={`${tdClass} text-right tabular-nums`}>{formatNumber(row.credits)}</td>
              <td className={`${tdClass} text-right tabular-nums`}>{formatNumber(row.tokens)}</td>
              <td className={`${tdClass} text-right tabular-nums`}>{formatNumber(row.answers)}</td>
            </tr>
          ))}
        </tbody>
      </TableFrame>
      {rows.length > limit && (
        <div className="flex justify-center">
          <button type="button" onClick={() => setLimit((n) => n + 20)} className={buttonClass('secondary')}>
            Show more ({rows.length - limit} left)
          </button>
        </div>
      )}
    </div>
  );
}

function BreakdownTable({
  label,
  keyLabel,
  rows,
}: {
  label: string;
  keyLabel: string;
  rows: { key: string; credits: number; tokens: number; answers: number }[];
}) {
  const total = rows.reduce((sum, r) => sum + r.credits, 0) || 1;
  return (
    <TableFrame label={label}>
      <thead>
        <tr>
          <th scope="col" className={thClass}>
            {keyLabel}
          </th>
          <th scope="col" className={`${thClass} text-right`}>
            Credits
          </th>
          <th scope="col" className={`${thClass} text-right`}>
            Share
          </th>
          <th scope="col" className={`${thClass} text-right`}>
            Tokens
          </th>
          <th scope="col" className={`${thClass} text-right`}>
            Answers
          </th>
        </tr>
      </thead>
      <tbody>
        {[...rows]
          .sort((a, b) => b.credits - a.credits)
          .map((row) => (
            <tr key={row.key} className="hover:bg-surface">
              <td className={`${tdClass} max-w-56 font-medium`}>
                <Truncated text={row.key} />
              </td>
              <td className={`${tdClass} text-right tabular-nums`}>{formatNumber(row.credits)}</td>
              <td className={`${tdClass} text-right tabular-nums`}>{Math.round((row.credits / total) * 100)}%</td>
              <td className={`${tdClass} text-right tabular-nums`}>{formatNumber(row.tokens)}</td>
              <td className={`${tdClass} text-right tabular-nums`}>{formatNumber(row.answers)}</td>
            </tr>
          ))}
      </tbody>
    </TableFrame>
  );
}

function Charts({ data, period }: { data: Analytics; period: Period }) {
  const { theme } = useTheme();
  const colors = useMemo(() => palette(theme === 'dark'), [theme]);
  const days = useMemo(() => fillDays(data.byDay, period), [data.byDay, period]);

  const options = useMemo(() => {
    const base = {
      color: colors.series,
      textStyle: { color: colors.text, fontFamily: 'Inter, "Segoe UI", system-ui, sans-serif' },
      tooltip: { backgroundColor: colors.tooltipBg, borderColor: colors.line, textStyle: { color: colors.text } },
      aria: { enabled: true },
    };
    const axis = {
      axisLine: { lineStyle: { color: colors.line } },
      axisLabel: { color: colors.muted },
      splitLine: { lineStyle: { color: colors.line } },
    };
    const perDay: EChartsOption = {
      ...base,
      tooltip: { ...base.tooltip, trigger: 'axis' },
      legend: { top: 0, textStyle: { color: colors.muted } },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)), ...axis, splitLine: { show: false } },
      yAxis: [
        { type: 'value', name: 'Credits', nameTextStyle: { color: colors.muted }, ...axis },
        {
          type: 'value',
          name: 'Active users',
          nameTextStyle: { color: colors.muted },
          minInterval: 1,
          ...axis,
          splitLine: { show: false },
        },
      ],
      series: [
        { name: 'Credits', type: 'bar', data: days.map((d) => d.credits), itemStyle: { borderRadius: [4, 4, 0, 0] }, barMaxWidth: 24 },
        { name: 'Active users', type: 'line', yAxisIndex: 1, smooth: true, symbolSize: 5, data: days.map((d) => d.activeUsers) },
      ],
    };
    const byModel: EChartsOption = {
      ...base,
      tooltip: { ...base.tooltip, trigger: 'item', valueFormatter: (v) => `${formatNumber(Number(v))} credits` },
      legend: { bottom: 0, type: 'scroll', textStyle: { color: colors.muted } },
      series: [
        {
          name: 'Credits by model',
          type: 'pie',
          radius: ['45%', '72%'],
          center: ['50%', '45%'],
          itemStyle: { borderColor: theme === 'dark' ? '#202123' : '#ffffff', borderWidth: 2, borderRadius: 4 },
          label: { color: colors.text, formatter: '{b}: {d}%' },
          data: data.byModel.map((m) => ({ name: m.model, value: m.credits })),
        },
      ],
    };
    const apps = [...data.byApplication].sort((a, b) => a.credits - b.credits);
    const byApplication: EChartsOption = {
      ...base,
      tooltip: { ...base.tooltip, trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', ...axis },
      yAxis: { type: 'category', data: apps.map((a) => a.application), ...axis, splitLine: { show: false } },
      series: [
        {
          name: 'Credits',
          type: 'bar',
          data: apps.map((a) => a.credits),
          itemStyle: { borderRadius: [0, 4, 4, 0], color: colors.series[2] },
          barMaxWidth: 22,
          label: { show: true, position: 'right', color: colors.muted, formatter: (p) => compact.format(Number(p.value)) },
        },
      ],
    };
    return { perDay, byModel, byApplication };
  }, [colors, days, data.byModel, data.byApplication, theme]);

  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <div className="xl:col-span-2">
        <ChartCard title="Credits per day">
          <EChart
            option={options.perDay}
            label={`Credits spent per day from ${period.from} to ${period.to}, with active users`}
            height={320}
          />
        </ChartCard>
      </div>
      <ChartCard title="Credits by model">
        <EChart option={options.byModel} label="Share of credits by model" />
      </ChartCard>
      <ChartCard title="Credits by application">
        <EChart option={options.byApplication} label="Credits by application" height={Math.max(240, data.byApplication.length * 36 + 40)} />
      </ChartCard>
    </div>
  );
}

/** Tab 74: GenAI spend over a period by day, user, model and application; CSV export; and the Services section. */
export function DataAnalyticsApp(_props: AppProps) {
  const access = useAdminAccess();
  const [view, setView] = useState<View>('usage');
  const [period, setPeriod] = useState<Period>(() => lastDays(31));
  const [draft, setDraft] = useState<Period>(period);
  const analytics = useQuery({
    queryKey: adminKeys.analytics(period),
    queryFn: () => fetchAnalytics(period),
    placeholderData: keepPreviousData,
    enabled: view === 'usage',
  });
  const download = useMutation({
    mutationFn: () => exportAnalytics(period),
    onSuccess: () => toast.success('hangar-genai-usage.csv is downloading.'),
    onError: (error) => toast.error(adminErrorText(error)),
  });

  const inverted = Boolean(draft.from && draft.to && draft.from > draft.to);
  function apply(event: FormEvent) {
    event.preventDefault();
    if (!inverted && draft.from && draft.to) setPeriod(draft);
  }
  function preset(days: number) {
    const next = lastDays(days);
    setDraft(next);
    setPeriod(next);
  }

  const data = analytics.data;
  const totals = data
    ? data.byDay.reduce((t, d) => ({ credits: t.credits + d.credits, tokens: t.tokens + d.tokens, answers: t.answers + d.answers }), {
        credits: 0,
        tokens: 0,
        answers: 0,
      })
    : null;
  const empty = data && totals && totals.credits === 0 && totals.answers === 0 && data.byUser.length === 0;
  const activePreset = PRESETS.find((days) => {
    const p = lastDays(days);
    return p.from === period.from && p.to === period.to;
  });

  if (view === 'services') {
    return (
      <AdminPage
        title={DATA_ANALYTICS_TITLE}
        icon={ChartLine}
        description="The engines the portal uses: configured or not, answering or not, and what to set. Employees read only that a service is not set up."
        actions={<ViewSwitch view={view} onView={setView} />}
      >
        <ServicesSection />
      </AdminPage>
    );
  }

  return (
    <AdminPage
      title={DATA_ANALYTICS_TITLE}
      icon={ChartLine}
      description={`GenAI credits and tokens spent${access.isSuper ? '' : ' in your business unit'}, by day, user, model and application.`}
      actions={
        <>
          <ViewSwitch view={view} onView={setView} />
          <button type="button" onClick={() => download.mutate()} disabled={download.isPending} className={buttonClass('secondary')}>
            {download.isPending ? (
              <LoaderCircle className="size-4 animate-spin" aria-hidden />
            ) : (
              <Download className="size-4" aria-hidden />
            )}
            Export CSV
          </button>
        </>
      }
    >
      <form onSubmit={apply} aria-label="Period" className="flex flex-wrap items-end gap-3 rounded-2xl border border-line bg-surface p-4">
        <fieldset className="flex rounded-xl border border-line bg-page p-1">
          <legend className="sr-only">Quick periods</legend>
          {PRESETS.map((days) => (
            <button
              key={days}
              type="button"
              aria-pressed={activePreset === days}
              onClick={() => preset(days)}
              className={`rounded-lg px-3 py-1.5 font-medium text-sm ${activePreset === days ? 'bg-surface-strong text-fg' : 'text-fg-muted hover:text-fg'}`}
            >
              Last {days} days
            </button>
          ))}
        </fieldset>
        <Field label="From" className="w-44">
          {(id) => (
            <input
              id={id}
              type="date"
              required
              value={draft.from}
              max={draft.to || undefined}
              onChange={(event) => setDraft((d) => ({ ...d, from: event.target.value }))}
              className={fieldClass}
            />
          )}
        </Field>
        <Field label="To" className="w-44">
          {(id) => (
            <input
              id={id}
              type="date"
              required
              value={draft.to}
              min={draft.from || undefined}
              onChange={(event) => setDraft((d) => ({ ...d, to: event.target.value }))}
              className={fieldClass}
            />
          )}
        </Field>
        <button type="submit" disabled={inverted} className={buttonClass('primary')}>
          Show period
        </button>
        {analytics.isFetching && data && <LoaderCircle className="mb-2.5 size-4 animate-spin text-fg-muted" aria-label="Updating" />}
        {inverted && (
          <p role="alert" className="w-full text-red-700 text-sm dark:text-red-300">
            “From” must be on or before “To”.
          </p>
        )}
      </form>

      {analytics.isError && !data ? (
        <ErrorPanel error={analytics.error} onRetry={() => void analytics.refetch()} title="The analytics could not be loaded" />
      ) : !data || !totals ? (
        <LoadingBlock label="Loading analytics..." />
      ) : (
        <>
          {analytics.isError && (
            <ErrorPanel error={analytics.error} onRetry={() => void analytics.refetch()} title="This period could not be loaded" />
          )}
          <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
            <KpiCard icon={<Coins className="size-5" aria-hidden />} label="Credits spent" value={formatNumber(totals.credits)} />
            <KpiCard
              icon={<Sigma className="size-5" aria-hidden />}
              label="Tokens"
              value={compact.format(totals.tokens)}
              hint={formatNumber(totals.tokens)}
            />
            <KpiCard icon={<MessageSquareText className="size-5" aria-hidden />} label="Answers" value={formatNumber(totals.answers)} />
            <KpiCard icon={<UsersRound className="size-5" aria-hidden />} label="Active users" value={formatNumber(data.activeUsers)} />
          </div>
          {empty ? (
            <EmptyState icon={ChartLine} title="No GenAI spend in this period yet">
              Charts appear once users spend credits in the chat, the translator or other GenAI applications. Try a longer period.
            </EmptyState>
          ) : (
            <>
              <Charts data={data} period={period} />
              <Section title="By user" description="Click a column to sort.">
                <UsersTable rows={data.byUser} />
              </Section>
              <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
                <Section title="By model">
                  <BreakdownTable label="Spend by model" keyLabel="Model" rows={data.byModel.map((m) => ({ key: m.model, ...m }))} />
                </Section>
                <Section title="By application">
                  <BreakdownTable
                    label="Spend by application"
                    keyLabel="Application"
                    rows={data.byApplication.map((a) => ({ key: a.application, ...a }))}
                  />
                </Section>
              </div>
            </>
          )}
        </>
      )}
    </AdminPage>
  );
}
