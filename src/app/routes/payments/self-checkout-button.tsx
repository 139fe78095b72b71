import { Button } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** From a show's entries to paying them: the rider's self-checkout there. */
export function SelfCheckoutButton({ to }: { to: string }) {
  const { t } = useTranslation('payments');
  return (
    <Button
      component={Link}
      to={to}
      leftSection={<IconCreditCard size={16} aria-hidden />}
      style={{ alignSelf: 'flex-start' }}
    >
      {t('checkout.start')}
    </Button>
  );
}
