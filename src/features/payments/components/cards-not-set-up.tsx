import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Without the provider's keys on the server: card payments are not offered, nothing else changes. */
export function CardsNotSetUp() {
  const { t } = useTranslation('payments');
  return (
    <Alert color="blue" title={t('notSetUp.title')}>
      {t('notSetUp.text')}
    </Alert>
  );
}
