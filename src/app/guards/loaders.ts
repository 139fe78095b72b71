import i18next from 'i18next';
import { data, redirect, type LoaderFunction } from 'react-router-dom';
import type { AudienceKey } from '@shared/audiences';
import { checkAudience, checkGuest, checkRiderTerms, checkSignedIn, type Access } from '@/lib/authorization';
import { notify } from '@/lib/notify';
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

const currentUser = () => useAppStore.getState().user;

export const signedInLoader: LoaderFunction = ({ request }) =>
  enforce(checkSignedIn(currentUser(), requested(request)));

export const guestLoader: LoaderFunction = () => enforce(checkGuest(currentUser()));

export const audienceLoader =
  (key: AudienceKey): LoaderFunction =>
  ({ request }) =>
    enforce(checkAudience(currentUser(), key, requested(request)));

export const riderTermsLoader: LoaderFunction = () => enforce(checkRiderTerms(currentUser()));

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
