// Sentiment analysis's public surface: tab 4 for the registry.
export { SentimentTab } from './SentimentTab';
