import { lazy } from 'react';
import { CreditScreenTab } from '../credit-screen-tab';
import type { AppProps } from '../registry';

const AnalyticsScreen = lazy(async () => ({ default: (await import('./AnalyticsScreen')).AnalyticsScreen }));

/** Tab 6: Talk to my data, with the portal's live balance refreshed after each question. */
export const AnalyticsTab = (props: AppProps) => <CreditScreenTab {...props} screen={AnalyticsScreen} />;
