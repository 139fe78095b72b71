import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { href, PATHS, type StaticPathKey } from '@/lib/paths';

const PAGES: StaticPathKey[] = ['errorReports', 'auditLog'];

/** The admin's way to the system pages: what went wrong in browsers, and who did what. */
export function SystemLinks() {
  const { t } = useTranslation(['system', 'routes']);
  return (
    <Card withBorder component="section" aria-labelledby="system-links-title">
      <Stack>
        <Title order={2} size="h4" id="system-links-title">
          {t('links.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {PAGES.map((key) => (
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
      </Stack>
    </Card>
  );
}
