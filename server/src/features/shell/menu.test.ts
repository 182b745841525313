import { APP, type TabDefinition } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { buildMenu } from './menu.ts';

const tab = (id: number, requires: string[], extra: Partial<TabDefinition> = {}): TabDefinition => ({
  id,
  title: `Tab ${id}`,
  description: '',
  icon: 'x',
  section: 'SecuredGPT',
  requires,
  available: true,
  ...extra,
});

describe('the menu a user gets', () => {
  const tabs = [
    tab(9, [APP.securedGpt, APP.chatBotSdh]),
    tab(3, [APP.translator]),
    tab(22, ['Dashboard/Finance'], { available: false }),
    tab(75, []),
  ];

  it('lists the tabs of applications the user holds, with the app that grants each', () => {
    const menu = buildMenu([APP.chatBotSdh, APP.translator], false, tabs);
    expect(menu.map((m) => [m.id, m.appId])).toEqual([
      [9, APP.chatBotSdh],
      [3, APP.translator],
      [75, 'portal'],
    ]);
  });

  it('leaves out applications that do not exist in the product yet', () => {
    expect(buildMenu(['Dashboard/Finance'], false, tabs).map((m) => m.id)).toEqual([75]);
  });

  it('shows nothing on a staging deployment to users without Admin/Portal Staging', () => {
    expect(buildMenu([APP.securedGpt], true, tabs)).toEqual([]);
    expect(buildMenu([APP.securedGpt, APP.portalStaging], true, tabs).map((m) => m.id)).toEqual([9, 75]);
  });

  it('keeps staging-only items off production', () => {
    const staged = [tab(5, [APP.securedGpt], { stagingOnly: true })];
    expect(buildMenu([APP.securedGpt, APP.portalStaging], false, staged)).toEqual([]);
    expect(buildMenu([APP.securedGpt, APP.portalStaging], true, staged).map((m) => m.id)).toEqual([5]);
  });
});
