import { appFor } from '../../apps/registry';
import { panelDomId, tabDomId } from './TabStrip';
import { useTabs } from './TabsProvider';

/** Every open tab stays mounted (its state survives switching); only the active one shows. */
export function TabPanels() {
  const { tabs, activeId } = useTabs();
  return (
    <>
      {tabs.map((tab) => {
        const App = appFor(tab.id);
        const active = tab.id === activeId;
        return (
          <section
            key={tab.id}
            role="tabpanel"
            id={panelDomId(tab.id)}
            aria-labelledby={tabDomId(tab.id)}
            hidden={!active}
            className={active ? 'h-full overflow-y-auto' : 'hidden'}
          >
            <App tab={tab} />
          </section>
        );
      })}
    </>
  );
}
