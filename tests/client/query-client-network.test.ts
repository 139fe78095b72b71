import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * The app's queries and mutations wait while the browser is offline (src/lib/query-client.ts).
 * The network's return must be noticed however early it comes: a tablet opened offline whose
 * wifi came back while the app was still starting had every request, its sign-in included,
 * paused for good.
 */

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

async function startOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  vi.resetModules();
  const { onlineManager } = await import('@tanstack/react-query');
  await import('@/lib/query-client');
  return onlineManager;
}

describe('the network as the queries see it', () => {
  it('opened offline: offline at once, before anything has rendered', async () => {
    const onlineManager = await startOffline();
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('back before anything has rendered or subscribed: online, and a waiting mutation goes', async () => {
    const onlineManager = await startOffline();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(onlineManager.isOnline()).toBe(true);

    const { queryClient } = await import('@/lib/query-client');
    const sent = vi.fn(() => Promise.resolve('token'));
    await expect(
      queryClient.getMutationCache().build(queryClient, { mutationFn: sent }).execute(undefined),
    ).resolves.toBe('token');
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('offline again later: offline', async () => {
    const onlineManager = await startOffline();
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('offline'));
    expect(onlineManager.isOnline()).toBe(false);
  });
});
