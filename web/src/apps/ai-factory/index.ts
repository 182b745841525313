// The AI Factory's public surface: its tabs for the registry, the states for the home page.
export { AiFactoryTab } from './AiFactoryTab';
export { STATE_LABEL, useAiFactoryStates } from './useAppStates';
