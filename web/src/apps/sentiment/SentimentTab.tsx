import { lazy } from 'react';
import { CreditScreenTab } from '../credit-screen-tab';
import type { AppProps } from '../registry';

const SentimentScreen = lazy(async () => ({ default: (await import('./SentimentScreen')).SentimentScreen }));

/** Tab 4: Sentiment analysis on spreadsheets, with the portal's live balance refreshed after a model run. */
export const SentimentTab = (props: AppProps) => <CreditScreenTab {...props} screen={SentimentScreen} />;
