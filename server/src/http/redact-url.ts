/**
 * Request URLs as they go to the log: one-time link tokens (reset path, `?token=` of the
 * magic-login and reset pages) are secrets and stay out of it.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/^(\/_passwordReset\/[^/?]+\/)[^/?]+/, '$1[redacted]')
    .replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}
