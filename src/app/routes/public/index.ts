/** The public pages other than /login: one lazily loaded chunk. */
export { AttendanceRoute } from './attendance-route';
export { ConfirmPaymentRoute } from './confirm-payment-route';
export { ForbiddenRoute } from './forbidden-route';
export { ForgotPasswordRoute } from './forgot-password-route';
export { MagicLoginRoute } from './magic-login-route';
export { PasswordResetRoute } from './password-reset-route';
export { PreshowRoute } from './preshow-route';
export { RegistrationConfirmRoute } from './registration-confirm-route';
export { RegistrationRoute } from './registration-route';
export { AttendeeInviteRoute, TeamMembershipInviteRoute } from './invite-route';
