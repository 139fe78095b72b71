import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/lib/store';

/** Whether the rider has accepted the terms and conditions (the rest of the rider area needs it). */
export function TermsStatus() {
  const { t } = useTranslation('auth');
  const user = useAppStore((state) => state.user);
  if (!user) return null;
  if (user.terms_accepted) {
    return (
      <Alert color="green" title={t('terms.title')}>
        {user.terms_accepted_version
          ? t('terms.acceptedVersion', { version: user.terms_accepted_version })
          : t('terms.accepted')}
      </Alert>
    );
  }
  return (
    <Alert color="yellow" title={t('terms.title')}>
      {t('terms.pending')}
    </Alert>
  );
}
