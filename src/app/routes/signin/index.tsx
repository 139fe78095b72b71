import { useTranslation } from 'react-i18next';
import { FloorFrame } from '@/features/floor/components/floor-frame';
import { SigninList } from '@/features/floor/components/signin-list';

/** The sign-in desk (spec: Sign-in): riders of the venue signed in on arrival. */
export function SigninListRoute() {
  const { t } = useTranslation('routes');
  return (
    <FloorFrame title={t('signinList')}>
      <SigninList />
    </FloorFrame>
  );
}
