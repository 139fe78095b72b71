import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadChunk } from '@/app/lazy-route';
import { DelayedSpinner } from '@/app/shell/busy-spinner';
import { Footer } from '@/app/shell/footer';
import { ToastHost } from '@/app/shell/toast-host';
import { UpdateBanner } from '@/app/shell/update-banner';
import { browser } from '@/lib/browser';
import { notify } from '@/lib/notify';
import { useAppStore } from '@/lib/store';
import { renderWithMantine, resetStore } from './helpers';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  act(() => notifications.clean());
  resetStore();
});

describe('update banner', () => {
  it('appears when a chunk fails to load, reloads or can be dismissed', async () => {
    resetStore();
    renderWithMantine(<UpdateBanner />);
    expect(screen.queryByText('Application has been updated. Please, reload the page.')).toBeNull();

    await act(() =>
      expect(
        loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
      ).rejects.toThrow(),
    );
    expect(useAppStore.getState().updateAvailable).toBe(true);
    expect(screen.getByText('Application has been updated. Please, reload the page.')).toBeTruthy();

    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Application has been updated. Please, reload the page.')).toBeNull();
    expect(useAppStore.getState().updateAvailable).toBe(false);
  });
});

describe('spinner', () => {
  it('shows only after 300 ms of loading', () => {
    vi.useFakeTimers();
    const { rerender } = renderWithMantine(<DelayedSpinner busy />);
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeTruthy();
    rerender(
      <MantineProvider>
        <DelayedSpinner busy={false} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('toasts', () => {
  it('load their container with the first toast and show it', async () => {
    render(
      <MantineProvider>
        <ToastHost />
      </MantineProvider>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => notify.success('Saved successfully.'));
    expect(await screen.findByText('Saved successfully.')).toBeTruthy();
    // Its icon-only close button has a name (axe button-name).
    expect(screen.getByRole('button', { name: /close/i })).toBeTruthy(); // the key here: no translations loaded
  });
});

describe('footer', () => {
  it('shows the version and the copyright', () => {
    renderWithMantine(<Footer />);
    expect(screen.getByText('Version test')).toBeTruthy();
    expect(screen.getByText(`© ${new Date().getFullYear()} Paddock`)).toBeTruthy();
  });
});
