import { readFile } from 'node:fs/promises';
import { TABS } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { USER_GUIDE_PATH } from './guide.ts';

// The offline assistant answers from the user guide (issue 32: it told users dashboards were "not part
// of this version" while they were): the guide is checked against the menu catalogue.

describe('the user guide against the menu catalogue', () => {
  it('describes every application of the catalogue, and calls none of them missing', async () => {
    const guide = (await readFile(USER_GUIDE_PATH, 'utf8')).toLowerCase();
    const named = TABS.filter((t) => t.available && ['SecuredGPT', 'Generative AI', 'Admin Management'].includes(t.section)).map(
      (t) => t.title,
    );
    for (const title of [...named, 'Dashboards', 'AI Factory', 'Data governance']) expect(guide, title).toContain(title.toLowerCase());
    expect(guide).not.toMatch(/not part of this version|not available\s+yet/);
  });
});
