import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { href, PATHS, type StaticPathKey } from '@/lib/paths';

interface FloorLinksProps {
  /** Key in the `floor` namespace for the card's heading. */
  title: string;
  pages: readonly StaticPathKey[];
  /** More actions beside the links (the scan button). */
  children?: ReactNode;
}

/** A card of links to floor pages, each with its label and a line on what it is for. */
export function FloorLinks({ title, pages, children }: FloorLinksProps) {
  const { t } = useTranslation(['floor', 'routes']);
  const headingId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <Stack>
        <Title order={2} size="h4" id={headingId}>
          {t(title)}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {pages.map((key) => (
            <Stack key={key} gap={4}>
              <Anchor component={Link} to={href(key)} fw={600}>
                {t(`routes:${PATHS[key].label}`)}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t(`links.${key}`)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {children}
      </Stack>
    </Card>
  );
}
