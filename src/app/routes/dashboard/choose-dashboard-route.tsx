import { Alert, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { dashboardsFor } from '@/lib/authorization';
import { useAppStore } from '@/lib/store';
import { EmployerOffer } from './employer-offer';

/** `/`: the dashboards of the user's roles; with exactly one usable dashboard, straight there. */
export function ChooseDashboardRoute() {
  const { t } = useTranslation(['dashboard', 'routes', 'errors']);
  const user = useAppStore((state) => state.user);
  if (!user) return null;
  const dashboards = dashboardsFor(user);
  const [only] = dashboards;
  if (dashboards.length === 1 && only?.enterable) return <Navigate to={only.path} replace />;

  return (
    <Stack>
      <Title order={1}>{t('routes:chooseDashboard')}</Title>
      {dashboards.length === 0 ? (
        <Alert color="yellow">{t('dashboard:none')}</Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {dashboards.map((dashboard) => (
            <Card key={dashboard.key} withBorder component={Link} to={dashboard.path}>
              <Text fw={600}>{t(`dashboard:audience.${dashboard.key}`)}</Text>
              <Text size="sm" c="dimmed">
                {dashboard.enterable ? t(`dashboard:intro.${dashboard.key}`) : t('errors:no_assigned_venue')}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <EmployerOffer />
    </Stack>
  );
}
