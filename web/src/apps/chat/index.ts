// The chat's public surface: tab 9 for the registry, the Chat History panel for the sidebar.
export { ChatTab } from './ChatTab';
export { ChatHistoryPanel } from './history/ChatHistoryPanel';
export { MultidocsTab } from './multidocs/MultidocsTab';
