import { HOME_TAB_ID } from '@hangar/contract';
import { useMenu } from '../../shell/menu/useMenu';
import { firstName, useClaims } from '../../shell/token/useClaims';
import type { AppProps } from '../registry';
import { FavouriteCards } from './FavouriteCards';
import { usePinnedFavourites } from './favourites';
import { HubLanding } from './HubLanding';

export function HomeApp(_props: AppProps) {
  const claims = useClaims();
  const { data: menu, isPending, isError } = useMenu();
  const items = menu?.items ?? [];
  const hasChat = items.some((item) => item.id === HOME_TAB_ID);
  const name = firstName(claims?.name);
  const { pinned, toggle } = usePinnedFavourites(claims?.sub ?? claims?.email ?? null);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-10 px-6 py-8 lg:px-10">
      <header className="space-y-2">
        <h1 className="font-semibold text-3xl tracking-tight">{name ? `Welcome to Hangar, ${name}` : 'Welcome to Hangar'}</h1>
        <p className="max-w-3xl text-fg-muted">
          Your dashboards, generative AI tools and data governance in one place. Start from a favourite below or open any application from
          the menu.
        </p>
      </header>
      <FavouriteCards items={items} loading={isPending} pinned={pinned} />
      {isError && (
        <p
          role="alert"
          className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-800 text-sm dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          Your applications could not be loaded. Reload the page or try again in a moment.
        </p>
      )}
      {hasChat && <HubLanding items={items} pinned={pinned} onPin={toggle} />}
    </div>
  );
}
