// The chat's public surface: tab 9 for the registry, the Chat History panel for the sidebar.
export { ChatTab } from './ChatTab';
export { type ChatMode, setChatMode, useChatMode } from './chat-mode';
export { AnswerMarkdown } from './components/AnswerMarkdown';
export { ChatHistoryPanel } from './history/ChatHistoryPanel';
export { MultidocsTab } from './multidocs/MultidocsTab';
// The classic stream's parser (text, then the credit chunk), for the dashboards' assistant panel.
export { type AnswerSnapshot, readAnswerStream } from './stream';
