import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router-dom';
import { routeCrumbs } from '../route-handle';

/** Translated breadcrumbs from the labelled routes of the current page (when nested). */
export function AppBreadcrumbs() {
  const { t } = useTranslation(['routes', 'shell']);
  const crumbs = routeCrumbs(useMatches());
  if (crumbs.length < 2) return null;
  return (
    <nav aria-label={t('shell:breadcrumbs')}>
      <Breadcrumbs mb="md">
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <Text key={crumb.pathname} size="sm" aria-current="page">
              {t(`routes:${crumb.label}`)}
            </Text>
          ) : (
            <Anchor key={crumb.pathname} component={Link} to={crumb.pathname} size="sm">
              {t(`routes:${crumb.label}`)}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
