import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { type Tabular, toTabular } from './tabular.ts';

/**
 * An uploaded file as the checks read it, in a folder of its own: a plain UTF-8 CSV where it is,
 * anything else rewritten with its line column (always rewritten with `inPlace` false, as referentials are).
 */
export async function readable(
  source: string,
  workRoot: string,
  extension = 'csv',
  inPlace = true,
): Promise<Extract<Tabular, { ok: true }>> {
  const tab = await toTabular(source, extension, mkdtempSync(path.join(workRoot, 'tab-')), { inPlace });
  if (!tab.ok) throw new Error(tab.message);
  return tab;
}
