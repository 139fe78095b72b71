import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * Persistent storage (ARCHITECTURE "Offline floor operations"): the browser may evict IndexedDB
 * under pressure unless the origin's storage is persisted. Asked after the app is installed and
 * when a floor screen first opens in the installed app (standalone display mode).
 */

/** null: unknown (the browser cannot tell). */
const store = createStore<{ persisted: boolean | null }>(() => ({ persisted: null }));
let askedOnFloor = false;

const storage = (): StorageManager | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator.storage as StorageManager | undefined);

async function settle(ask: (manager: StorageManager) => Promise<boolean>): Promise<void> {
  const manager = storage();
  if (!manager?.persist || !manager.persisted) return;
  try {
    store.setState({ persisted: await ask(manager) });
  } catch (error) {
    console.warn('Storage persistence', error);
  }
}

/** Reads whether storage is persisted. */
const checkPersisted = () => settle((manager) => manager.persisted());

/** Asks the browser to persist storage (granted silently for installed apps in Chromium). */
const requestPersistence = () => settle((manager) => manager.persist());

function standalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (window.matchMedia?.('(display-mode: standalone)').matches ?? false);
}

/** While a floor screen is open: know the state, ask once in the installed app and after install. */
export function watchPersistence(): () => void {
  if (standalone() && !askedOnFloor) {
    askedOnFloor = true;
    void requestPersistence();
  } else {
    void checkPersisted();
  }
  const installed = () => void requestPersistence();
  window.addEventListener('appinstalled', installed);
  return () => window.removeEventListener('appinstalled', installed);
}

export const usePersisted = (): boolean | null => useStore(store, (state) => state.persisted);
