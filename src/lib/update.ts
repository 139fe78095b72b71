import { browser } from './browser';

/** How to switch to the new build; the service worker module installs a better way. */
let applier: () => void = () => browser.reload();

export function setUpdateApplier(apply: () => void): void {
  applier = apply;
}

/** The banner's Reload button. */
export function applyUpdate(): void {
  applier();
}
