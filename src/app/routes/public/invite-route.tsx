import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { InviteView } from '@/features/owner/components/invite-view';
import { PublicPage } from './public-page';

function InvitePage({ title }: { title: string }) {
  const [search] = useSearchParams();
  const location = useLocation();
  return (
    <PublicPage title={title} size="sm">
      <InviteView token={search.get('token')?.trim() ?? ''} here={`${location.pathname}${location.search}`} />
    </PublicPage>
  );
}

/** /team-membership-invite/?token=…: join someone's team, and so the venue's accredited people. */
export function TeamMembershipInviteRoute() {
  const { t } = useTranslation('owner');
  return <InvitePage title={t('invite.teamTitle')} />;
}

/** /attendee-invite/?token=…: a venue invites an attendee to an account. */
export function AttendeeInviteRoute() {
  const { t } = useTranslation('owner');
  return <InvitePage title={t('invite.attendeeTitle')} />;
}
