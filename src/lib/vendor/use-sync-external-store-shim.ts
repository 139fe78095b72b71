/**
 * `use-sync-external-store/shim` for React 19, which has the hook itself (vite.config.ts
 * aliases the shim here): the first screen does not load the polyfill.
 */
export { useSyncExternalStore } from 'react';
