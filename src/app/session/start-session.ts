import type { CurrentUser } from '@shared/schemas/auth';
import { getCurrentUser } from '@/features/auth/api/get-current-user';
import { venueQueryOptions } from '@/features/venues/api/get-venue';
import { showError } from '@/lib/api-error';
import { browser } from '@/lib/browser';
import { changeLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useAppStore } from '@/lib/store';

/** The user's venue becomes the active venue; a failure clears it and is passed on (spec §6). */
async function loadActiveVenue(venueId: number | null): Promise<void> {
  const { setActiveVenue } = useAppStore.getState();
  if (venueId === null) {
    setActiveVenue(null);
    return;
  }
  try {
    setActiveVenue(await queryClient.fetchQuery(venueQueryOptions(venueId)));
  } catch (error) {
    setActiveVenue(null);
    throw error;
  }
}

/**
 * Spec §7: with a new token (login, magic link, impersonation) fetch the user, apply their
 * language and load their venue. Without a user nobody stays signed in.
 */
export async function startSession(token: string): Promise<CurrentUser> {
  const store = useAppStore.getState();
  store.setPreshow(null);
  store.setToken(token);
  let user: CurrentUser;
  try {
    user = await getCurrentUser();
  } catch (error) {
    store.clearSession();
    throw error;
  }
  store.setUser(user);
  await changeLanguage(user.language);
  // The session stands without the venue; the failure is shown.
  await loadActiveVenue(user.assigned_venue).catch(showError);
  return user;
}

/**
 * Become someone else (impersonation and back): the page still shows the previous user's
 * screens, so it is loaded afresh at `destination` instead of re-rendered in place.
 */
export async function switchIdentity(token: string, destination: string): Promise<void> {
  await startSession(token);
  browser.assign(destination);
}

/** A stored session from an earlier page load: refresh the user (a 401 signs out). */
export function resumeSession(): void {
  if (!useAppStore.getState().token) return;
  getCurrentUser().then(
    (user) => useAppStore.getState().setUser(user),
    // The api client already answered 401/5xx; offline the stored user stays.
    () => undefined,
  );
}
