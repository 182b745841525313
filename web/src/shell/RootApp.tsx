import { useEffect, useState } from 'react';
import { type BootPhase, boot } from './boot/boot';
import { LandingPage } from './boot/LandingPage';
import { MaintenancePage } from './boot/MaintenancePage';
import { Splash } from './boot/Splash';
import { Portal } from './Portal';

/** The "/" route: splash, then maintenance, landing or the portal. */
export function RootApp() {
  const [phase, setPhase] = useState<BootPhase>('loading');

  useEffect(() => {
    let active = true;
    boot().then((next) => {
      if (active) setPhase(next);
    });
    return () => {
      active = false;
    };
  }, []);

  switch (phase) {
    case 'loading':
      return <Splash />;
    case 'maintenance':
      return <MaintenancePage />;
    case 'signed-out':
      return <LandingPage />;
    case 'portal':
      return <Portal />;
  }
}
