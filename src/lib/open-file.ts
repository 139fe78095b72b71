import { fetchFile, saveFile, type FetchFileOptions } from './download-file';

export type OpenFileOptions = FetchFileOptions;

/**
 * Fetch a document with the bearer token (a plain link cannot send it) and open it in a new
 * window (spec §7: report downloads open in a new window). The window is opened at once, while
 * the click still counts as the person's (pop-up blockers), and shows the file when it has come;
 * where no window may open, the file is saved under the name the server gives, else `fallback`.
 */
export async function openFile(path: string, fallback: string, options: OpenFileOptions = {}): Promise<void> {
  const target = window.open('', '_blank');
  try {
    const response = await fetchFile(path, options);
    if (target && !target.closed) {
      const url = URL.createObjectURL(await response.blob());
      target.location.href = url;
      // The window has read the file well before this.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return;
    }
    await saveFile(response, fallback);
  } catch (error) {
    target?.close();
    throw error;
  }
}
