/**
 * Request URLs as they go to the log: one-time link tokens (reset path, `?token=` of the
 * magic-login and reset pages, `?confirm=` of the attendance page) are secrets and stay out of it.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/^(\/_passwordReset\/[^/?]+\/)[^/?]+/, '$1[redacted]')
    .replace(/([?&](?:token|confirm)=)[^&#]*/gi, '$1[redacted]');
}
