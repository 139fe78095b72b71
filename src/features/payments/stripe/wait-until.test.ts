import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ELEMENT_POLL_MS, ElementTimeoutError, waitUntil } from './wait-until';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('waitUntil: the card element polled every 100 ms until it is ready (spec §9)', () => {
  it('asks at once, then every 100 ms, and resolves on the first yes', async () => {
    expect(ELEMENT_POLL_MS).toBe(100);
    let ready = false;
    const check = vi.fn(() => ready);
    const done = vi.fn();
    void waitUntil(check).then(done);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(300);
    expect(check).toHaveBeenCalledTimes(5);
    expect(done).not.toHaveBeenCalled();
    ready = true;
    await vi.advanceTimersByTimeAsync(100);
    expect(check).toHaveBeenCalledTimes(6);
    expect(done).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(check).toHaveBeenCalledTimes(6);
  });

  it('gives up after the timeout', async () => {
    const check = vi.fn(() => false);
    const failed = waitUntil(check, { timeout: 1000 }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await failed).toBeInstanceOf(ElementTimeoutError);
    expect(check).toHaveBeenCalledTimes(11);
  });

  it('stops asking once aborted (the field went away)', async () => {
    const controller = new AbortController();
    const check = vi.fn(() => false);
    const settled = vi.fn();
    void waitUntil(check, { signal: controller.signal }).then(settled, settled);
    await vi.advanceTimersByTimeAsync(250);
    controller.abort();
    const asked = check.mock.calls.length;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(check).toHaveBeenCalledTimes(asked);
    expect(settled).not.toHaveBeenCalled();
  });
});
