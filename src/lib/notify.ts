import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { TOAST_OTHER_MS, TOAST_SUCCESS_MS } from '@shared/constants';

type Kind = 'success' | 'info' | 'warning' | 'error';

const COLORS: Record<Kind, string> = { success: 'green', info: 'blue', warning: 'yellow', error: 'red' };

function show(kind: Kind, message: string): void {
  notifications.show({
    message,
    color: COLORS[kind],
    // The close button is an icon: its name for screen readers (axe button-name).
    closeButtonProps: { 'aria-label': i18next.t('common:close') },
    autoClose: kind === 'success' || kind === 'info' ? TOAST_SUCCESS_MS : TOAST_OTHER_MS,
  });
}

/** Toasts (spec §2 Shell, §9): 5 s for success and info, 10 s for the rest. */
export const notify = {
  success: (message: string) => show('success', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
  error: (message: string) => show('error', message),
};
