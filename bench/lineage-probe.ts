// `node bench/lineage-probe.ts` (after `npm run build`): the lineage bench's pan, repeated, with what
// the bench leaves out: every frame and the CPU per move over several pans, optionally with parts of
// the graph hidden (to see what each costs) and screenshots at rest and mid-pan in both themes.
//   PROBE_PANS=3                      pans of 60 moves, each from a recentred graph
//   PROBE_HIDE='.react-flow__minimap' CSS selectors hidden for the whole probe
//   PROBE_CSS='...'                   a style sheet added for the whole probe (to try a change without a build)
//   PROBE_SHOTS=/tmp/shots            screenshots (light and dark, at rest, mid-pan, with a highlighted path)
//   PROBE_PROFILE=/tmp/pan           a JavaScript CPU profile of each pan (/tmp/pan-1.cpuprofile...)
//   PROBE_NODES=1000
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { describePan, launchChromium, type PanFrames, panFrames, percentile, renderMs, signIn } from './lineage.ts';
import { startPortal, stop, tempDataDir, waitHealthy } from './procs.ts';

const pans = Number(process.env.PROBE_PANS ?? 3);
const nodes = Number(process.env.PROBE_NODES ?? 1000);
const hide = process.env.PROBE_HIDE;
const shots = process.env.PROBE_SHOTS;
const profile = process.env.PROBE_PROFILE;
const css = process.env.PROBE_CSS;

async function recenter(page: Page) {
  await page.getByRole('button', { name: 'Recenter Graph' }).click();
  await page.waitForTimeout(800);
}

/** The graph frame at rest, mid-pan (mouse held), after the pan, zoomed in by the wheel, then with the first KPI's path highlighted, mid-pan and after. */
async function screenshots(page: Page, dir: string, theme: string) {
  mkdirSync(dir, { recursive: true });
  const frame = page.locator('.lineage-graph');
  const shot = (name: string) => frame.screenshot({ path: path.join(dir, `${theme}-${name}.png`) });
  const box = (await page.locator('.react-flow__pane').boundingBox())!;
  const pan = async (name: string) => {
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(x - i * 8, y - i * 3);
    await page.waitForTimeout(300);
    await shot(`${name}-mid-pan`);
    await page.mouse.up();
    await page.waitForTimeout(500);
    await shot(`${name}-after-pan`);
  };
  await recenter(page);
  await shot('rest');
  await pan('plain');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 4; i++) await page.mouse.wheel(0, -250);
  await page.waitForTimeout(1000);
  await shot('zoomed-in');
  await page
    .getByRole('list', { name: /^KPIs of/ })
    .getByRole('button')
    .first()
    .click();
  await page.waitForTimeout(1200);
  await shot('path-rest');
  await pan('path');
  await page.keyboard.press('Escape');
}

const portal = await startPortal(tempDataDir(), { HANGAR_DEMO_WAREHOUSE: 'false' });
const browser = await launchChromium();
try {
  await waitHealthy(portal);
  const page = await signIn(browser, portal.url);
  for (const theme of shots ? ['light', 'dark'] : ['light']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    console.log(`${theme}: first draw of ${nodes} nodes ${await renderMs(page, nodes)} ms`);
    if (hide) await page.addStyleTag({ content: `${hide} { display: none !important; }` });
    if (css) await page.addStyleTag({ content: css });
    if (shots) await screenshots(page, shots, theme);
  }
  const all: PanFrames[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () =>
    Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value])) as Record<string, number>;
  const main: Record<string, number> = {};
  if (process.env.PROBE_LAYERS) {
    await recenter(page);
    const box = (await page.locator('.react-flow__pane').boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    await cdp.send('LayerTree.enable');
    let layers: { layerId: string; width: number; height: number; drawsContent: boolean; paintCount?: number }[] = [];
    cdp.on('LayerTree.layerTreeDidChange', (e) => {
      if (e.layers) layers = e.layers;
    });
    for (let i = 1; i <= 10; i++) await page.mouse.move(x - i * 8, y - i * 3);
    await page.waitForTimeout(500);
    await page.mouse.up();
    await cdp.send('LayerTree.disable');
    const drawing = layers.filter((l) => l.drawsContent);
    console.log(
      `layers mid-pan: ${layers.length} (${drawing.length} drawing); largest: ${drawing
        .sort((a, b) => b.width * b.height - a.width * a.height)
        .slice(0, 6)
        .map((l) => `${l.width}x${l.height} painted ${l.paintCount}`)
        .join(', ')}`,
    );
  }
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  }
  for (let i = 0; i < pans; i++) {
    await recenter(page);
    const before = await metrics();
    if (profile) await cdp.send('Profiler.start');
    const pan = await panFrames(page);
    if (profile) writeFileSync(`${profile}-${i + 1}.cpuprofile`, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    const after = await metrics();
    for (const name of ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'])
      main[name] = (main[name] ?? 0) + ((after[name]! - before[name]!) * 1000) / 60 / pans;
    all.push(pan);
    const types = Object.entries(pan.cpuByType).map(([t, ms]) => `${t} ${ms.toFixed(0)}`);
    console.log(`pan ${i + 1}: ${describePan(pan)} (${types.join(', ')})`);
  }
  const perMove = Object.entries(main).map(([name, ms]) => `${name.replace('Duration', '')} ${ms.toFixed(1)}`);
  console.log(`renderer main thread per move (ms): ${perMove.join(', ')}`);
  const frames = all.flatMap((p) => p.frames);
  const cpu = all.map((p) => p.cpuPerMove).sort((a, b) => a - b);
  console.log(
    `all ${pans} pans${hide ? ` (hidden: ${hide})` : ''}: frames p50 ${percentile(frames, 50).toFixed(0)} / p99 ${percentile(frames, 99).toFixed(0)} / longest ${Math.max(...frames).toFixed(0)} ms; CPU per move ${cpu.map((c) => c.toFixed(0)).join(' / ')} ms`,
  );
} finally {
  await browser.close();
  await stop(portal);
}
