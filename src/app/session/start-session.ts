import type { CurrentUser } from '@shared/schemas/auth';
import { getCurrentUser } from '@/features/auth/api/get-current-user';
import { venueQueryOptions } from '@/features/venues/api/get-venue';
import { showError } from '@/lib/api-error';
import { browser } from '@/lib/browser';
import {
  isFloorDevice,
  renewSession,
  restoreDeviceSession,
  startDeviceSession,
  updateDeviceSession,
} from '@/lib/device-session';
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

/** The roles whose dashboard is a floor screen: it pulls its venue's floor data as it opens. */
const FLOOR_DASHBOARD_ROLES: readonly string[] = ['stable', 'welcomedesk', 'signin', 'vetcheck'];

/**
 * A floor dashboard's first pull (a big show's snapshot) starts as soon as the user and their
 * venue are known, beside loading the language, the venue and the dashboard's code instead of
 * after them: the dashboard's screens join the pull under way.
 */
function startFloorPull(user: CurrentUser): void {
  const venue = user.assigned_venue;
  if (venue === null || user.roles.includes('admin')) return;
  if (!user.roles.some((role) => FLOOR_DASHBOARD_ROLES.includes(role))) return;
  const { token, language } = useAppStore.getState();
  // A new tablet asks for its snapshot at once, while the offline store's code loads.
  const early = token
    ? import('@/offline/early-pull').then(
        ({ startEarlyPull }) => startEarlyPull(venue, token, language),
        () => undefined,
      )
    : Promise.resolve();
  // A failure here is the floor screens' to show when they pull themselves.
  import('@/offline/sync').then(
    async ({ pullNow }) => {
      await early;
      return pullNow(venue);
    },
    () => undefined,
  );
}

/**
 * Spec §7: with a new token (login, magic link, impersonation) fetch the user, apply their
 * language and load their venue. Without a user nobody stays signed in. `pullFloor`: a floor
 * user's first pull starts at once (a sign-in; an impersonation reloads the page instead).
 */
export async function startSession(token: string, { pullFloor = false } = {}): Promise<CurrentUser> {
  const store = useAppStore.getState();
  store.setPreshow(null);
  store.setToken(token);
  // A sign-in opens every screen of the user again.
  useAppStore.setState({ floorOnly: false });
  let user: CurrentUser;
  try {
    user = await getCurrentUser();
  } catch (error) {
    store.clearSession();
    throw error;
  }
  store.setUser(user);
  if (pullFloor) startFloorPull(user);
  await changeLanguage(user.language);
  // The session stands without the venue; the failure is shown.
  await loadActiveVenue(user.assigned_venue).catch(showError);
  // Floor staff signed in with their password keep a floor-device session.
  startDeviceSession(token, user, useAppStore.getState().activeVenue);
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

/** The user as the server knows them now; the floor-device session follows. */
function refreshUser(): void {
  getCurrentUser().then(
    (user) => {
      useAppStore.getState().setUser(user);
      if (isFloorDevice(user)) updateDeviceSession({ user });
    },
    // The api client already answered 401/5xx; offline the stored user stays.
    () => undefined,
  );
}

/**
 * Renew a session restored from the floor-device credential (it has no token yet) once the
 * server is reachable; offline it keeps working from the stored user and venue.
 */
export function renewRestoredSession(): void {
  const { user, token } = useAppStore.getState();
  if (!user || token || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
  void renewSession().then((outcome) => {
    if (outcome === 'renewed') refreshUser();
  });
}

/**
 * A stored session from an earlier page load: refresh the user (a 401 signs out). A relaunch
 * or a new tab of a floor device (empty session store) restores its floor-device session.
 */
export function resumeSession(): void {
  const state = useAppStore.getState();
  if (state.token) {
    refreshUser();
    return;
  }
  if (state.user || restoreDeviceSession()) renewRestoredSession();
}
