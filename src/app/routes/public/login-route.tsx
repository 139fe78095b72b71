import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LoginForm } from '@/features/auth/components/login-form';
import { href, safeNext } from '@/lib/paths';
import { useStartSession } from '../../session/use-start-session';
import { PublicPage } from './public-page';

export function LoginRoute() {
  const { t } = useTranslation('auth');
  const [search] = useSearchParams();
  const startSession = useStartSession();
  const destination = safeNext(search.get('next')) ?? href('chooseDashboard');
  return (
    <PublicPage title={t('login.title')}>
      <LoginForm onToken={(token) => startSession(token, destination)} />
    </PublicPage>
  );
}
