import { ApiError, apiErrorMessage } from './api-error';
import { apiUrl } from './api-client';
import { useAppStore } from './store';

export interface FetchFileOptions {
  method?: 'GET' | 'POST';
  /** A JSON body (POST). */
  body?: unknown;
}

/** The file name of a `Content-Disposition: attachment; filename="…"` answer. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) return decodeURIComponent(encoded[1]!);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1]! : fallback;
}

/** Fetches a file with the bearer token (a plain link cannot send it); a refusal throws its ApiError. */
export async function fetchFile(path: string, options: FetchFileOptions = {}): Promise<Response> {
  const { token, language } = useAppStore.getState();
  const headers = new Headers({ 'Accept-Language': language });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await fetch(apiUrl(path), {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (response.ok) return response;
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // not JSON: the text is the message
  }
  throw new ApiError(response.status, body, { message: apiErrorMessage(body) });
}

/** Saves a fetched file under the name the server gives, else `fallback`. */
export async function saveFile(response: Response, fallback: string): Promise<void> {
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, fallback);
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** GET a file with the bearer token and save it under the name the server gives, else `fallback`. */
export async function downloadFile(path: string, fallback: string): Promise<void> {
  await saveFile(await fetchFile(path), fallback);
}
