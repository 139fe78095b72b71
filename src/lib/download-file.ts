import { ApiError, apiErrorMessage } from './api-error';
import { apiUrl } from './api-client';
import { useAppStore } from './store';

/** The file name of a `Content-Disposition: attachment; filename="…"` answer. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) return decodeURIComponent(encoded[1]!);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1]! : fallback;
}

/**
 * GET a file with the bearer token (a plain link cannot send it) and save it under the name the
 * server gives, else `fallback`.
 */
export async function downloadFile(path: string, fallback: string): Promise<void> {
  const { token, language } = useAppStore.getState();
  const headers = new Headers({ 'Accept-Language': language });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(apiUrl(path), { headers });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // not JSON: the text is the message
    }
    throw new ApiError(response.status, body, { message: apiErrorMessage(body) });
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, fallback);
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
