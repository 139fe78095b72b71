import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api-error';
import { confirmDialog } from '@/lib/dialogs';
import { notify } from '@/lib/notify';

/** Delete after the confirm dialog; "Record deleted." or the error (e.g. still in use) as a toast. */
export function useConfirmDelete() {
  const { t } = useTranslation('common');
  return async (remove: () => Promise<unknown>): Promise<void> => {
    if (!(await confirmDialog())) return;
    try {
      await remove();
      notify.success(t('toast.deleted'));
    } catch (error) {
      showError(error);
    }
  };
}
