import { ApiError, apiErrorMessage } from './api-error';
import { apiUrl } from './api-client';
import { useAppStore } from './store';

export interface OpenFileOptions {
  method?: 'GET' | 'POST';
  /** A JSON body (POST). */
  body?: unknown;
}

/** The name in `Content-Disposition: …; filename="…"`, else `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1]! : fallback;
}

async function failure(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // not JSON: the text is the message
  }
  return new ApiError(response.status, body, { message: apiErrorMessage(body) });
}

/**
 * Fetch a document with the bearer token (a plain link cannot send it) and open it in a new
 * window (spec §7: report downloads open in a new window). The window is opened at once, while
 * the click still counts as the person's (pop-up blockers), and shows the file when it has come;
 * where no window may open, the file is saved under the name the server gives, else `fallback`.
 */
export async function openFile(path: string, fallback: string, options: OpenFileOptions = {}): Promise<void> {
  const target = window.open('', '_blank');
  try {
    const { token, language } = useAppStore.getState();
    const headers = new Headers({ 'Accept-Language': language });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (options.body !== undefined) headers.set('Content-Type', 'application/json');
    const response = await fetch(apiUrl(path), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    if (!response.ok) throw await failure(response);
    const url = URL.createObjectURL(await response.blob());
    if (target && !target.closed) {
      target.location.href = url;
      // The window has read the file well before this.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return;
    }
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response, fallback);
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  } catch (error) {
    target?.close();
    throw error;
  }
}
