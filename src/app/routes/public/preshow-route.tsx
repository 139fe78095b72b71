import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { PublicVenueCard } from '@/features/venues/components/public-venue-card';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';

/** The public detail of a show (`:show` is digits, checked by the route's loader). */
export function PreshowRoute() {
  const { t } = useTranslation(['routes', 'venues']);
  const show = Number(useParams().show);
  const signedIn = useAppStore((state) => state.user !== null);
  return (
    <Stack>
      <Title order={1}>{t('routes:preshow')}</Title>
      <PublicVenueCard venueId={show} />
      {!signedIn && (
        <Anchor component={Link} to={href('magicLogin', {}, { preshow: show })}>
          {t('venues:public.signIn')}
        </Anchor>
      )}
    </Stack>
  );
}
