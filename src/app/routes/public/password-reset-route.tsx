import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PasswordResetForm } from '@/features/auth/components/password-reset-form';
import { PublicPage } from './public-page';

export function PasswordResetRoute() {
  const { t } = useTranslation('auth');
  const [search] = useSearchParams();
  return (
    <PublicPage title={t('reset.title')}>
      <PasswordResetForm uid={search.get('uid')} token={search.get('token')} />
    </PublicPage>
  );
}
