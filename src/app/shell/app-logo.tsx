import { Anchor, Image } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@shared/constants';
import { can } from '@shared/permissions';
import { useHostCheck } from '@/features/venues/api/check-hostname';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';

const DEFAULT_LOGO = '/icons/logo.svg';

/** The organizer's whitelabel logo, else this domain's logo, else Paddock's (spec §2 Shell). */
export function AppLogo() {
  const user = useAppStore((state) => state.user);
  const activeVenue = useAppStore((state) => state.activeVenue);
  const hostLogo = useHostCheck().data?.logo ?? null;
  const organizerLogo = user && can(user.roles, 'dashboard.organizer') ? activeVenue?.whitelabel_logo_url : null;
  return (
    <Anchor component={Link} to={href('chooseDashboard')} aria-label={PRODUCT_NAME} style={{ minWidth: 0 }}>
      {/* A wide show logo shrinks on a phone rather than pushing the header's buttons off screen. */}
      <Image src={organizerLogo || hostLogo || DEFAULT_LOGO} alt="" h={40} w="auto" maw="100%" fit="contain" />
    </Anchor>
  );
}
