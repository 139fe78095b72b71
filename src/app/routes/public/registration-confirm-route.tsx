import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmailConfirmation } from '@/features/auth/components/email-confirmation';
import { PublicPage } from './public-page';

export function RegistrationConfirmRoute() {
  const { t } = useTranslation('auth');
  const [search] = useSearchParams();
  return (
    <PublicPage title={t('confirm.title')}>
      <EmailConfirmation uid={search.get('uid')} token={search.get('token')} />
    </PublicPage>
  );
}
