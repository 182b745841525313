import type { MenuItem } from '@hangar/contract';
import { Inbox, Pin, PinOff } from 'lucide-react';
import { tabFromMenuItem } from '../../shell/menu/useMenu';
import { useTabs } from '../../shell/tabs/TabsProvider';
import { AppIcon } from '../../ui/AppIcon';
import { EmptyState } from '../../ui/EmptyState';
import { STATE_LABEL, useAiFactoryStates } from '../ai-factory';
import { HUB_AREAS, itemsOfArea } from './hub-areas';

export const HUB_NAME = 'Hangar Hub';

const sectionId = (key: string) => `hub-${key}`;

function scrollToArea(key: string) {
  document.getElementById(sectionId(key))?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
}

export function HubLanding({
  items,
  pinned = [],
  onPin,
}: {
  items: readonly MenuItem[];
  pinned?: readonly number[];
  onPin?: (id: number) => void;
}) {
  const { openTab } = useTabs();
  const aiFactory = useAiFactoryStates(items.filter((i) => i.section === 'AI Factory').map((i) => i.id));
  return (
    <section aria-labelledby="hub-title" className="space-y-8">
      <div className="rounded-3xl bg-brand px-8 py-9 text-white dark:bg-surface-strong">
        <h2 id="hub-title" className="font-semibold text-3xl tracking-tight">
          {HUB_NAME}
        </h2>
        <p className="mt-2 max-w-2xl text-white/80">
          Everything the group offers on data and AI, by area. Pick an area to see your applications.
        </p>
        <ul className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {HUB_AREAS.map((area) => (
            <li key={area.key}>
              <button
                type="button"
                onClick={() => scrollToArea(area.key)}
                className="flex h-full w-full flex-col gap-2 rounded-2xl bg-white/10 p-4 text-left transition hover:bg-white/20"
              >
                <AppIcon name={area.icon} className="size-6" />
                <span className="font-semibold">{area.title}</span>
                <span className="text-sm text-white/75">{area.description}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      {HUB_AREAS.map((area) => {
        const areaItems = itemsOfArea(area, items);
        return (
          <section
            key={area.key}
            id={sectionId(area.key)}
            aria-labelledby={`${sectionId(area.key)}-title`}
            className="scroll-mt-6 space-y-3"
          >
            <h3 id={`${sectionId(area.key)}-title`} className="flex items-center gap-2 font-semibold text-xl">
              <AppIcon name={area.icon} className="size-5 text-brand dark:text-accent" />
              {area.title}
            </h3>
            {areaItems.length === 0 ? (
              <EmptyState icon={Inbox} title="No applications here yet">
                You have no applications in this area. Ask your administrator if you need access.
              </EmptyState>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                {areaItems.map((item) => (
                  <li key={item.id} className="relative">
                    {onPin && (
                      <button
                        type="button"
                        onClick={() => onPin(item.id)}
                        aria-pressed={pinned.includes(item.id)}
                        aria-label={pinned.includes(item.id) ? `Unpin ${item.title} from favourites` : `Pin ${item.title} to favourites`}
                        title={pinned.includes(item.id) ? 'Unpin from favourites' : 'Pin to favourites'}
                        className="absolute top-2 right-2 z-10 rounded-md p-1 text-fg-subtle transition hover:bg-surface-strong hover:text-accent aria-pressed:text-accent"
                      >
                        {pinned.includes(item.id) ? <PinOff className="size-4" aria-hidden /> : <Pin className="size-4" aria-hidden />}
                      </button>
                    )}
                    <button
                      type="button"
                      onClick={() => openTab(tabFromMenuItem(item))}
                      className="flex h-full w-full items-start gap-3 rounded-xl border border-line bg-page p-4 pr-10 text-left transition hover:border-accent hover:bg-surface"
                    >
                      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface-strong text-brand dark:text-fg">
                        <AppIcon name={item.icon} className="size-4.5" />
                      </span>
                      <span className="min-w-0">
                        <span className="block truncate font-medium" title={item.title}>
                          {item.title}
                        </span>
                        <span className="line-clamp-2 text-fg-muted text-sm" title={item.description}>
                          {item.description}
                        </span>
                        {aiFactory.get(item.id) && (
                          <span
                            data-state={aiFactory.get(item.id)!.state}
                            title={aiFactory.get(item.id)!.reason ?? undefined}
                            className="mt-1 inline-block rounded-full bg-surface-strong px-2 py-0.5 text-fg-muted text-xs data-[state=down]:text-red-700 data-[state=running]:text-emerald-700 data-[state=sleeping]:text-amber-700 dark:data-[state=down]:text-red-300 dark:data-[state=running]:text-emerald-300 dark:data-[state=sleeping]:text-amber-300"
                          >
                            {STATE_LABEL[aiFactory.get(item.id)!.state]}
                          </span>
                        )}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </section>
  );
}
