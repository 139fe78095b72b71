import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { href } from '@/lib/paths';

/** Any path without a page (spec §2). */
export function NotFound() {
  const { t } = useTranslation(['routes', 'shell']);
  return (
    <Stack>
      <Title order={1}>{t('routes:notFound')}</Title>
      <Anchor component={Link} to={href('chooseDashboard')}>
        {t('shell:toStart')}
      </Anchor>
    </Stack>
  );
}
