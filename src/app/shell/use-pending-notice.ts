import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useAppStore } from '@/lib/store';

/** Show the notice a previous page left for after its reload (e.g. the end of preshow mode). */
export function usePendingNotice(): void {
  const { t } = useTranslation('shell');
  useEffect(() => {
    const notice = useAppStore.getState().takePendingNotice();
    if (notice === 'preshowFinished') notify.warning(t('preshowFinished'));
  }, [t]);
}
