import type { RouteObject } from 'react-router-dom';
import { digitsLoader, guestLoader } from '../../guards/loaders';
import { lazyPage } from '../../lazy-route';
import { page } from '../../route-builders';
import { DelayedSpinner } from '../../shell/busy-spinner';
import { authRedirectLoader } from './auth-redirect';

/** /login is its own small chunk (the first screen); the other public pages share one. */
const login = () => import('./login-route');
const publicPages = () => import('./index');
/** The public live scores: the live pages' own chunk, with the GraphQL client. */
const livePages = () => import('../sport/live-pages');

/** The pages anyone can open. */
export const publicRoutes: RouteObject[] = [
  page(
    'login',
    lazyPage(login, (m) => m.LoginRoute),
  ),
  page(
    'registration',
    lazyPage(publicPages, (m) => m.RegistrationRoute),
  ),
  page(
    'registrationConfirm',
    lazyPage(publicPages, (m) => m.RegistrationConfirmRoute),
  ),
  page(
    'forgotPassword',
    lazyPage(publicPages, (m) => m.ForgotPasswordRoute),
  ),
  page(
    'passwordReset',
    lazyPage(publicPages, (m) => m.PasswordResetRoute),
  ),
  page(
    'forbidden',
    lazyPage(publicPages, (m) => m.ForbiddenRoute),
  ),
  page(
    'attendance',
    lazyPage(publicPages, (m) => m.AttendanceRoute),
    { loader: digitsLoader('venueId') },
  ),
  page(
    'magicLogin',
    lazyPage(publicPages, (m) => m.MagicLoginRoute),
    { loader: guestLoader },
  ),
  page(
    'confirmPayment',
    lazyPage(publicPages, (m) => m.ConfirmPaymentRoute),
  ),
  page(
    'teamMembershipInvite',
    lazyPage(publicPages, (m) => m.TeamMembershipInviteRoute),
  ),
  page(
    'attendeeInvite',
    lazyPage(publicPages, (m) => m.AttendeeInviteRoute),
  ),
  page(
    'preshow',
    lazyPage(publicPages, (m) => m.PreshowRoute),
    { loader: digitsLoader('show') },
  ),
  // Where sign-in links land: the loader sends everyone on (a spinner meanwhile).
  page('riderAuthRedirect', undefined, { loader: authRedirectLoader, element: <DelayedSpinner busy /> }),
  page(
    'live',
    lazyPage(livePages, (m) => m.LiveRoute),
    { loader: digitsLoader('venueId') },
  ),
];
