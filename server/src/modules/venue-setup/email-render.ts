import { EMAIL_PLACEHOLDERS } from '@shared/schemas/venue-setup';

export type PlaceholderValues = Record<(typeof EMAIL_PLACEHOLDERS)[number], string>;

const PLACEHOLDER = new RegExp(`\\{(${EMAIL_PLACEHOLDERS.join('|')})\\}`, 'g');

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Readable plain text of the editor's HTML: blocks become lines, links keep their address. */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gis, (_m, href: string, label: string) =>
      label.includes(href) ? label : `${label} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|div|li|h[1-6]|blockquote|ul|ol)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, name: string) => ENTITIES[name]!)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Fills a template's placeholders (unknown ones stay as they are): the subject with the plain
 * values, the HTML body with HTML-escaped values. The body is not sanitised: admins write it.
 */
export function renderTemplate(
  template: { subject: string; bodyHtml: string },
  values: PlaceholderValues,
): { subject: string; html: string } {
  const fill = (text: string, escape: (v: string) => string) =>
    text.replace(PLACEHOLDER, (_m, name: keyof PlaceholderValues) => escape(values[name]));
  return { subject: fill(template.subject, (v) => v), html: fill(template.bodyHtml, escapeHtml) };
}
