import i18next from 'i18next';
import { data, redirect, type LoaderFunction } from 'react-router-dom';
import type { AudienceKey } from '@shared/audiences';
import {
  checkAudience,
  checkGuest,
  checkRiderTerms,
  checkSignedIn,
  checkVenueSetup,
  type Access,
} from '@/lib/authorization';
import { readDeviceSession, restoreDeviceSession } from '@/lib/device-session';
import { notify } from '@/lib/notify';
import { href, matchesPath, safeNext, type PathKey } from '@/lib/paths';
import { useAppStore } from '@/lib/store';

/** Route loaders that apply the guards of lib/authorization before a page renders. */

function enforce(access: Access): null {
  if (access.allowed) return null;
  if (access.notice) notify.warning(i18next.t(`errors:${access.notice}`));
  throw redirect(access.redirect);
}

function requested(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * The signed-in user; in a new tab or after a relaunch, a floor device's from its device session.
 * A session restored from it ends with it (logout elsewhere in the app, FLOOR_DEVICE_SESSION_HOURS).
 */
function currentUser() {
  const state = useAppStore.getState();
  if (state.floorOnly && !readDeviceSession()) state.clearSession();
  return useAppStore.getState().user ?? restoreDeviceSession();
}

/**
 * The screens a floor device opens from its device session: the floor dashboards
 * and the organizer's floor views; never an admin or money screen.
 */
export const FLOOR_DEVICE_PATHS: readonly PathKey[] = [
  'chooseDashboard',
  'stableDashboard',
  'stableAddTransaction',
  'stableTransactions',
  'stableQr',
  'welcomedeskList',
  'welcomedeskAdd',
  'signinList',
  'vetcheck',
  'vetcheckList',
  // The organizer's start page: links only; its money pages stay closed.
  'organizerList',
  'organizerVetcheck',
  'organizerSignin',
  'organizerWelcomedesk',
];

/**
 * A session restored from the device credential, or one the server refused, opens only the
 * floor screens: anything else needs a sign-in with the password first (and comes back after).
 */
function checkFloorDevice(request: Request): Access {
  const { floorOnly, signInNeeded } = useAppStore.getState();
  const { pathname } = new URL(request.url);
  // A group's bare path (`/stable`) only redirects to its home, which is checked in turn.
  const bare = matchesPath(pathname, ['stable', 'welcomedesk', 'signin', 'organizer']);
  if ((!floorOnly && !signInNeeded) || bare || matchesPath(pathname, FLOOR_DEVICE_PATHS)) return { allowed: true };
  return { allowed: false, redirect: href('login', {}, { next: safeNext(requested(request)) }) };
}

export const signedInLoader: LoaderFunction = ({ request }) => {
  enforce(checkSignedIn(currentUser(), requested(request)));
  const floor = checkFloorDevice(request);
  if (!floor.allowed) notify.warning(i18next.t('auth:floorDevice.signInForPage'));
  return enforce(floor);
};

export const guestLoader: LoaderFunction = () => enforce(checkGuest(useAppStore.getState().user));

export const audienceLoader =
  (key: AudienceKey): LoaderFunction =>
  ({ request }) => {
    const user = currentUser();
    if (user) enforce(checkFloorDevice(request));
    return enforce(checkAudience(user, key, requested(request)));
  };

export const riderTermsLoader: LoaderFunction = () => enforce(checkRiderTerms(currentUser()));

/** A venue's set-up pages (`/venues/:venueId/config…`): admins, and the venue's own organizer. */
export const venueSetupLoader: LoaderFunction = ({ request, params }) => {
  const value = params.venueId;
  if (value === undefined || !/^\d+$/.test(value)) throw data(null, { status: 404 });
  const user = currentUser();
  if (user) enforce(checkFloorDevice(request));
  return enforce(checkVenueSetup(user, Number(value), requested(request)));
};

/** A route parameter that must be digits (`/preshow/:show`); anything else is not found. */
export const digitsLoader =
  (param: string): LoaderFunction =>
  ({ params }) => {
    const value = params[param];
    if (value !== undefined && !/^\d+$/.test(value)) throw data(null, { status: 404 });
    return null;
  };

/** Every route parameter must be digits (the owner pages' ids); anything else is not found. */
export const allDigitsLoader: LoaderFunction = ({ params }) => {
  if (Object.values(params).some((value) => value !== undefined && !/^\d+$/.test(value))) {
    throw data(null, { status: 404 });
  }
  return null;
};

/** The rider pages behind the terms (all but the profile): ids are digits, terms accepted. */
export const riderSectionLoader: LoaderFunction = (args) => {
  allDigitsLoader(args);
  return enforce(checkRiderTerms(currentUser()));
};
