import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { type Tabular, toTabular } from './tabular.ts';

/** An uploaded file as the checks read it (normalised, with its line column), in a folder of its own. */
export async function readable(source: string, workRoot: string, extension = 'csv'): Promise<Extract<Tabular, { ok: true }>> {
  const tab = await toTabular(source, extension, mkdtempSync(path.join(workRoot, 'tab-')));
  if (!tab.ok) throw new Error(tab.message);
  return tab;
}
