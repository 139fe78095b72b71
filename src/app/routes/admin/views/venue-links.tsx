import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS, type PathKey } from '@/lib/paths';

/** A page of the admin's: where it is, its path key (for its label), and what it is for. */
export interface VenueLink {
  key: PathKey;
  to: string;
  /** The line under the link: a full i18n key (`ns:key`). */
  about: string;
}

/** A card of links into the admin's pages of the venue, like the organizer's dashboard cards. */
export function VenueLinks({ title, links }: { title: string; links: readonly VenueLink[] }) {
  const { t } = useTranslation(['routes', 'venueSetup', 'dashboard', 'venueViews']);
  const headingId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <Stack>
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {links.map(({ key, to, about }) => (
            <Stack key={key} gap={4}>
              <Anchor component={Link} to={to} fw={600}>
                {t(`routes:${PATHS[key].label}`)}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t(about)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
