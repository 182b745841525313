// What other features may use of data governance's records. Talk to my data reads the checks of
// the months an answer used (issue 16) through this, not through the store's internals.
export { type CheckStatusRow, currentCheckStatuses } from './store.ts';
