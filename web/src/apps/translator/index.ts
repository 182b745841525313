// The translator's public surface: tab 3 for the registry, the screen for the chat's TRANSLATOR modal.
export { TranslatorScreen } from './TranslatorScreen';
export { TranslatorTab } from './TranslatorTab';
