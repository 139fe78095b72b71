import { useTranslation } from 'react-i18next';
import { RegistrationForm } from '@/features/auth/components/registration-form';
import { PublicPage } from './public-page';

export function RegistrationRoute() {
  const { t } = useTranslation('auth');
  return (
    <PublicPage title={t('registration.title')} size="sm">
      <RegistrationForm />
    </PublicPage>
  );
}
