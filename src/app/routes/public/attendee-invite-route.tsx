import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { InvitationNotice } from '@/features/invitations/components/invitation-notice';
import { PublicPage } from './public-page';

export function AttendeeInviteRoute() {
  const { t } = useTranslation('invitations');
  const [search] = useSearchParams();
  const location = useLocation();
  return (
    <PublicPage title={t('attendee.title')} size="sm">
      <InvitationNotice
        kind="attendee"
        token={search.get('token')}
        returnTo={`${location.pathname}${location.search}`}
      />
    </PublicPage>
  );
}
