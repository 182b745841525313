import { creditScreenTab } from '../credit-screen-tab';

/** Tab 6: Talk to my data, with the portal's live balance refreshed after each question. */
export const AnalyticsTab = creditScreenTab(async () => (await import('./AnalyticsScreen')).AnalyticsScreen);
