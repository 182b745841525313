import { creditScreenTab } from '../credit-screen-tab';

/** Tab 4: Sentiment analysis on spreadsheets, with the portal's live balance refreshed after a model run. */
export const SentimentTab = creditScreenTab(async () => (await import('./SentimentScreen')).SentimentScreen);
