import i18next from 'i18next';
import type { JobMessage } from '@shared/schemas/jobs';
import { formatDateTime } from '@/lib/format';

/** An error the server names by its code reads as that code's sentence; anything else as sent. */
function errorText(error: string): string {
  for (const key of [`errors:${error}`, `errors:field.${error}`]) {
    if (i18next.exists(key)) return i18next.t(key);
  }
  return error;
}

/** A progress message of the sync in the reader's language (`sync:message.<code>`). */
export function syncMessageText(message: JobMessage): string {
  const params: Record<string, string | number> = { ...message.params };
  if (typeof params.error === 'string') params.error = errorText(params.error);
  if (typeof params.entity === 'string') params.entity = i18next.t(`sync:entity.${params.entity}`);
  const key = `sync:message.${message.code}`;
  return i18next.exists(key) ? i18next.t(key, params) : i18next.t('sync:message.other');
}

/** The log dialog's lines: newest first, each with its time. */
export function logLines(progress: JobMessage[]): string[] {
  return [...progress]
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .map((m) => `${formatDateTime(m.at)}  ${syncMessageText(m)}`);
}
