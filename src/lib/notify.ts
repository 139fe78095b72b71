import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { TOAST_OTHER_MS, TOAST_SUCCESS_MS } from '@shared/constants';

type Kind = 'success' | 'info' | 'warning' | 'error';

const COLORS: Record<Kind, string> = { success: 'green', info: 'blue', warning: 'yellow', error: 'red' };

/** The toast shown last on each channel (see ToastOptions.channel). */
const shownOn = new Map<string, string>();

export interface ToastOptions {
  /**
   * Toasts of one channel replace each other: fast work (a charge every second at the stable)
   * shows its latest outcome instead of stacking toasts over the screen, and a later
   * confirmation (an undo) is never queued behind earlier ones.
   */
  channel?: string;
}

function show(kind: Kind, message: string, options: ToastOptions = {}): void {
  const previous = options.channel === undefined ? undefined : shownOn.get(options.channel);
  if (previous !== undefined) notifications.hide(previous);
  const id = notifications.show({
    message,
    color: COLORS[kind],
    // The close button is an icon: its name for screen readers (axe button-name).
    closeButtonProps: { 'aria-label': i18next.t('common:close') },
    autoClose: kind === 'success' || kind === 'info' ? TOAST_SUCCESS_MS : TOAST_OTHER_MS,
  });
  if (options.channel !== undefined) shownOn.set(options.channel, id);
}

/** Toasts (spec §2 Shell, §9): 5 s for success and info, 10 s for the rest. */
export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
};
