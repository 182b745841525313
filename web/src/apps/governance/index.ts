// The data-governance area's public surface: the use-case tabs 51–57 for the registry.
export { GovernanceTab } from './GovernanceTab';
