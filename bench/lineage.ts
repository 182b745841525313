import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { syntheticGraph } from '../web/src/apps/governance/lineage/bench-graph.ts';
import { DEMO_PASSWORD, startPortal, stop, tempDataDir, waitHealthy } from './procs.ts';
import { log, median, type Result } from './result.ts';

const TARGET_RENDER_MS = 1500;
const TARGET_FRAME_MS = 50;
const ROOT = path.resolve(import.meta.dirname, '..');

/** Serves the lineage calls with a synthetic graph of `nodes` nodes and twice as many edges. */
export async function serveGraph(page: Page, nodes: number) {
  const graph = syntheticGraph(nodes, nodes * 2);
  const kpis = graph.tables
    .filter((n) => n.kind === 'kpi')
    .map((n) => ({ use_case: 'Finance', kpi_name: n.kpi, definition: n.description, file_path: 'lineage/SSA/finance' }));
  await page.unroute('**/api/data_gov/lineage/**');
  await page.route('**/api/data_gov/lineage/get_kpis*', (r) => r.fulfill({ json: { data: kpis } }));
  await page.route('**/api/data_gov/lineage/tables*', (r) => r.fulfill({ json: { tables: graph.tables } }));
  await page.route('**/api/data_gov/lineage/edges*', (r) => r.fulfill({ json: { edges: graph.edges } }));
}

export async function signIn(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  await context.addCookies([{ name: 'CGUAccepted', value: 'true', url }]);
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Email').fill('admin@hangar.local');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${url}/`);
  return page;
}

/** Reloads the portal (no cached graph) and opens Finance for SSA/AMA. */
export async function openFinance(page: Page) {
  await page.reload();
  const nav = page.getByRole('navigation', { name: 'Applications' });
  const section = nav.getByRole('button', { name: /^Data Governance/ });
  const finance = nav.getByRole('button', { name: 'Finance', exact: true });
  await finance.or(section).first().waitFor();
  if (!(await finance.isVisible())) await section.click();
  await finance.click();
  await page.getByRole('button', { name: 'SSA/AMA' }).click();
}

/**
 * From the click on 'Data Lineage' to the whole graph drawn (layout in the worker included): every
 * node mounted (the graph keeps them all, far ones as boxes) and the minimap's picture of them.
 */
export async function renderMs(page: Page, nodes: number): Promise<number> {
  await serveGraph(page, nodes);
  await openFinance(page);
  const started = Date.now();
  await page.getByRole('tablist', { name: 'Data governance' }).getByRole('tab', { name: 'Data Lineage' }).click();
  await page.waitForFunction(
    (n) =>
      (document.querySelectorAll('.react-flow__node').length >= n && document.querySelector('.lineage-minimap-picture') !== null) ||
      // builds before the picture (to compare with them): React Flow's minimap drew each node
      (document.querySelectorAll('.react-flow__minimap-node').length >= n && document.querySelectorAll('.react-flow__node').length > 0),
    nodes,
    { timeout: 60_000, polling: 'raf' },
  );
  return Date.now() - started;
}

/** CPU time (user + system, ms) of the Chromium processes below this one, by type (browser, renderer, gpu-process, utility). */
export function chromiumCpuMs(): Record<string, number> {
  const parents = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      if (/chrom/i.test(stat.slice(stat.indexOf('(') + 1, close))) ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // the process ended while listed
    }
  }
  const below = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  const byType: Record<string, number> = {};
  for (const [pid, t] of ticks) {
    if (!below(pid)) continue;
    const type = /--type=([\w-]+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.[1] ?? 'browser';
    byType[type] = (byType[type] ?? 0) + t * 10; // USER_HZ is 100 on Linux
  }
  return byType;
}

const total = (cpu: Record<string, number>) => Object.values(cpu).reduce((a, b) => a + b, 0);

export interface PanFrames {
  /** Every frame's duration (ms) while the pan ran. */
  frames: number[];
  /** Chromium's CPU (all its processes) per mouse move, ms. */
  cpuPerMove: number;
  /** The same by process type. */
  cpuByType: Record<string, number>;
}

const MOVES = 60;

/** Drags the graph in 60 steps while the page records every frame's duration. */
export async function panFrames(page: Page): Promise<PanFrames> {
  const pane = page.locator('.react-flow__pane');
  const box = (await pane.boundingBox())!;
  await page.evaluate(() => {
    const w = window as unknown as { frames_: number[]; stop_: boolean };
    w.frames_ = [];
    w.stop_ = false;
    let last = performance.now();
    const tick = (t: number) => {
      w.frames_.push(t - last);
      last = t;
      if (!w.stop_) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  const cpu = chromiumCpuMs();
  await page.mouse.down();
  for (let i = 1; i <= MOVES; i++) await page.mouse.move(x - i * 8, y - i * 3);
  await page.mouse.up();
  const after = chromiumCpuMs();
  const cpuByType = Object.fromEntries(Object.entries(after).map(([type, ms]) => [type, (ms - (cpu[type] ?? 0)) / MOVES]));
  const frames = await page.evaluate(() => {
    const w = window as unknown as { frames_: number[]; stop_: boolean };
    w.stop_ = true;
    return w.frames_.slice(1);
  });
  return { frames, cpuPerMove: total(cpuByType), cpuByType };
}

export function percentile(xs: readonly number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export const describePan = ({ frames, cpuPerMove }: PanFrames) =>
  `frames p50 ${percentile(frames, 50).toFixed(0)} / p99 ${percentile(frames, 99).toFixed(0)} / longest ${Math.max(...frames).toFixed(0)} ms, chromium CPU ${cpuPerMove.toFixed(0)} ms per move`;

/** The browser the bench drives: Chromium as installed, rendering in software. */
export const launchChromium = () =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

/** The lineage graph of 1,000 nodes and 2,000 edges in Chromium: layout plus first render, then a scripted pan. */
export async function lineage(): Promise<Result> {
  if (!existsSync(path.join(ROOT, 'web/dist/index.html'))) throw new Error('build the web app first: npm run build');
  const portal = await startPortal(tempDataDir(), { HANGAR_DEMO_WAREHOUSE: 'false' });
  const browser = await launchChromium();
  try {
    await waitHealthy(portal);
    const page = await signIn(browser, portal.url);
    log('lineage: 10-node graph (baseline), then 1,000 nodes, 3 runs each');
    const small: number[] = [];
    const large: number[] = [];
    for (let i = 0; i < 3; i++) {
      small.push(await renderMs(page, 10));
      large.push(await renderMs(page, 1000));
    }
    log('lineage: scripted pan over 1,000 nodes');
    await page.getByRole('button', { name: 'Recenter Graph' }).click();
    await page.waitForTimeout(500);
    const pan = await panFrames(page);
    const longest = Math.max(...pan.frames);
    const render = median(large);
    return {
      name: 'Lineage graph, 1,000 nodes and 2,000 edges in Chromium (layout in a worker + first render)',
      measure: 'ms, median of 3',
      portal: `${render} ms`,
      baseline: `${median(small)} ms (10 nodes)`,
      ratio: render / Math.max(median(small), 1),
      target: `< ${TARGET_RENDER_MS} ms; pan frames < ${TARGET_FRAME_MS} ms`,
      pass: render < TARGET_RENDER_MS && longest < TARGET_FRAME_MS,
      details: [
        `1,000 nodes: ${large.join(' / ')} ms; 10 nodes: ${small.join(' / ')} ms (target < ${TARGET_RENDER_MS} ms)`,
        `scripted pan (${MOVES} moves): longest frame ${longest.toFixed(0)} ms (target < ${TARGET_FRAME_MS} ms); headless Chromium renders in software here`,
        `scripted pan: ${describePan(pan)}`,
      ],
    };
  } finally {
    await browser.close();
    await stop(portal);
  }
}
