import { type MenuItem, TAB_BY_ID } from '@hangar/contract';
import { ArrowUpRight } from 'lucide-react';
import { tabFromMenuItem } from '../../shell/menu/useMenu';
import { useTabs } from '../../shell/tabs/TabsProvider';
import { useClaims } from '../../shell/token/useClaims';
import { AppIcon } from '../../ui/AppIcon';
import { AskForAccess, useAccessRequests } from './AskForAccess';
import { favouriteRow } from './favourites';

interface FavouriteCardsProps {
  items: readonly MenuItem[];
  loading: boolean;
  pinned: readonly number[];
}

export function FavouriteCards({ items, loading, pinned }: FavouriteCardsProps) {
  const { openTab } = useTabs();
  const heldApps = useClaims()?.apps ?? [];
  const access = useAccessRequests();
  const row = favouriteRow(items, pinned);
  // While the menu loads, the spec's four hold the places (their titles from the catalogue).
  const ids = loading ? [1, 2, 10, 11] : [...row.held.map((i) => i.id), ...row.missing.map((t) => t.id)];
  return (
    <section aria-labelledby="favourites-title" className="space-y-4">
      <h2 id="favourites-title" className="font-semibold text-fg-subtle text-sm uppercase tracking-wider">
        Favourite applications
      </h2>
      <ul className="grid grid-cols-2 gap-4">
        {ids.map((id) => {
          const item = items.find((i) => i.id === id);
          const definition = TAB_BY_ID.get(id);
          const title = item?.title ?? definition?.title ?? `Application ${id}`;
          const description = item?.description ?? definition?.description ?? '';
          const icon = item?.icon ?? definition?.icon ?? '';
          // Held but not in the menu means the application is not in the product yet.
          const held = definition?.requires.some((app) => heldApps.includes(app)) ?? false;
          const unavailableNote = held ? 'Coming soon to Hangar' : 'Not in your applications';
          const body = (
            <>
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-surface-strong text-brand dark:text-fg">
                <AppIcon name={icon} className="size-5.5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold" title={title}>
                  {title}
                </span>
                <span className="mt-0.5 line-clamp-2 text-fg-muted text-sm" title={description}>
                  {description}
                </span>
                {!item && !loading && <span className="mt-2 block font-medium text-fg-subtle text-xs">{unavailableNote}</span>}
                {!item && !loading && !held && definition?.requires[0] && (
                  <AskForAccess appId={definition.requires[0]} title={title} state={access} />
                )}
              </span>
            </>
          );
          return (
            <li key={id} data-testid={`favourite-${id}`}>
              {item ? (
                <button
                  type="button"
                  onClick={() => openTab(tabFromMenuItem(item))}
                  className="group flex h-full w-full items-start gap-4 rounded-2xl border border-line bg-page p-5 text-left shadow-sm transition hover:border-accent hover:shadow-md"
                >
                  {body}
                  <ArrowUpRight className="size-4 shrink-0 text-fg-subtle transition group-hover:text-accent" aria-hidden />
                </button>
              ) : (
                // Unavailable reads from the dashed frame, the muted title and the note; not from fading the
                // whole card, which would take its text below AA contrast.
                <div className="flex h-full items-start gap-4 rounded-2xl border border-line border-dashed bg-surface p-5 text-fg-muted">
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
