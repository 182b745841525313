import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSandboxed } from '../../platform/sandbox.ts';
import { detectLanguage } from './detect.ts';
import { checkSegments, EngineError, type SegmentEngine, type TranslateRequest } from './engine.ts';

/**
 * The offline engine: Apertium from Debian, run as a separate process (GPL; never linked).
 * Measured facts: input must come from a file (a Node stdin pipe gives empty output with exit 0),
 * start-up is ~0.18 s per call, so a whole document goes in one `-f html` call with one
 * `<p data-i=N>` per segment; English to French or Portuguese pivots through Spanish in the same call.
 */
const DIRECT: Record<string, string> = {
  'en>es': 'eng-spa',
  'es>en': 'spa-eng',
  'es>fr': 'es-fr',
  'fr>es': 'fr-es',
  'es>pt': 'es-pt',
  'pt>es': 'pt-es',
};

export const APERTIUM_LANGUAGES = ['en', 'es', 'fr', 'pt'] as const;

/** The Apertium modes from source to target: direct, or two stages through Spanish. */
export function apertiumRoute(source: string, target: string): string[] | null {
  if (source === target) return [];
  const direct = DIRECT[`${source}>${target}`];
  if (direct) return [direct];
  const first = DIRECT[`${source}>es`];
  const second = DIRECT[`es>${target}`];
  return first && second ? [first, second] : null;
}

let installed: { pairs: Set<string> } | null | undefined;

/** The installed modes (`apertium -l`), or null when Apertium is not installed. */
export function apertiumInstalled(): { pairs: Set<string> } | null {
  if (installed !== undefined) return installed;
  const r = spawnSync('apertium', ['-l'], { encoding: 'utf8', timeout: 10_000 });
  installed = r.status === 0 ? { pairs: new Set(r.stdout.split(/\s+/).filter(Boolean)) } : null;
  return installed;
}

/** Why a direction cannot be done offline, or null when it can. */
export function apertiumUnavailable(source: string, target: string): string | null {
  const have = apertiumInstalled();
  if (!have) return 'The offline engine (Apertium) is not installed on this server: install the apertium packages.';
  if (target === 'ja' || source === 'ja') return 'Japanese has no offline translation: use another method.';
  const route = apertiumRoute(source, target);
  if (!route) return `No offline translation from ${source.toUpperCase()} to ${target.toUpperCase()}.`;
  const missing = route.filter((m) => !have.pairs.has(m));
  if (missing.length) return `The offline language pair ${missing.join(', ')} is not installed.`;
  return null;
}

const wrap = (segments: string[]) => `<html><body>\n${segments.map((s, i) => `<p data-i="${i}">${s}</p>`).join('\n')}\n</body></html>\n`;

function unwrap(html: string, count: number): string[] {
  const out = new Array<string>(count).fill('');
  for (const m of html.matchAll(/<p\b[^>]*data-i="?(\d+)"?[^>]*>([\s\S]*?)<\/p>/g)) {
    const i = Number(m[1]);
    if (i < count) out[i] = m[2]!.replace(/\s+/g, ' ').trim();
  }
  return out;
}

function run(args: string[], signal: AbortSignal | undefined, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    // The text is a user's document: Apertium runs sandboxed (platform/sandbox.ts), like every converter.
    const child = spawnSandboxed('apertium', args, { stdio: ['ignore', 'ignore', 'pipe'], signal, timeout: timeoutMs });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    child.on('error', (err) => reject(new EngineError(`Apertium could not run: ${err.message}`)));
    child.on('close', (code, sig) => {
      if (code === 0) resolve();
      else reject(new EngineError(`Apertium failed (${sig ?? code}): ${stderr.trim().slice(0, 300)}`));
    });
  });
}

export function createApertiumEngine(opts: { timeoutMs?: number } = {}): SegmentEngine {
  const timeoutMs = opts.timeoutMs ?? 120_000;
  return {
    kind: 'segments',
    async translate(request: TranslateRequest): Promise<string[]> {
      const source = request.source ?? detectLanguage(request.segments.join(' '));
      const why = apertiumUnavailable(source, request.target);
      if (why) throw new EngineError(why);
      const route = apertiumRoute(source, request.target)!;
      if (!route.length || !request.segments.length) return request.segments;
      const dir = await mkdtemp(path.join(tmpdir(), 'hangar-apertium-'));
      try {
        let input = path.join(dir, 'in0.html');
        await writeFile(input, wrap(request.segments));
        // One stage per mode; each is one call over the whole document (stage 2 reads stage 1's html).
        for (const [k, mode] of route.entries()) {
          const output = path.join(dir, `out${k}.html`);
          await run(['-u', '-f', 'html', mode, input, output], request.signal, timeoutMs);
          input = output;
          request.onProgress?.((k + 1) / route.length);
        }
        const html = await readFile(input, 'utf8');
        if (!html.trim()) throw new EngineError('Apertium returned empty output');
        return checkSegments(request.segments, unwrap(html, request.segments.length), 'Apertium');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
