import { logout } from '@/features/auth/api/logout';
import { browser } from '@/lib/browser';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';

let ending = false;

/**
 * Spec §4: leaving the preshow pages ends preshow-only mode: the flag goes, the user is
 * logged out, "Preshow session is finished." is shown, and the page reloads at magic login.
 */
export async function endPreshowSession(): Promise<void> {
  if (ending) return;
  ending = true;
  try {
    await logout();
  } catch {
    // Logged out locally either way.
  } finally {
    // The warning is shown after the reload (a toast now would vanish with the page).
    useAppStore.getState().clearSession('preshowFinished');
    browser.assign(href('magicLogin'));
    ending = false;
  }
}
