import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { href, PATHS, type StaticPathKey } from '@/lib/paths';

interface PageLinksProps {
  /** The namespace of the heading and of each page's `links.<key>` line (default `dashboard`). */
  ns?: 'dashboard' | 'floor' | 'owner' | 'people';
  /** Key in `ns` for the card's heading. */
  title: string;
  pages: readonly StaticPathKey[];
  /** More actions below the links (the stable's scan button). */
  children?: ReactNode;
}

/** A dashboard card of links to pages, each with its label and a line on what it is for. */
export function PageLinks({ ns = 'dashboard', title, pages, children }: PageLinksProps) {
  const { t } = useTranslation([ns, 'routes']);
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
