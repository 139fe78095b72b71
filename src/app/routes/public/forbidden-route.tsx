import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { href } from '@/lib/paths';
import { PublicPage } from './public-page';

export function ForbiddenRoute() {
  const { t } = useTranslation(['errors', 'shell']);
  return (
    <PublicPage title={t('errors:forbidden')}>
      <Text>{t('shell:forbidden')}</Text>
      <Anchor component={Link} to={href('chooseDashboard')}>
        {t('shell:toStart')}
      </Anchor>
    </PublicPage>
  );
}
