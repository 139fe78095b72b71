import { useTranslation } from 'react-i18next';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { PublicPage } from './public-page';

export function ForgotPasswordRoute() {
  const { t } = useTranslation('auth');
  return (
    <PublicPage title={t('forgot.title')}>
      <ForgotPasswordForm />
    </PublicPage>
  );
}
