import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useOwner } from '@/lib/owner-scope';
import { href, PATHS, type PathKey } from '@/lib/paths';

/** The top pages of a base (`/riders/:riderId/profile`, `…/bankAccounts`, …): one path segment below it. */
export function baseSections(prefix: string): PathKey[] {
  const base = (PATHS as Record<string, { path: string }>)[prefix]?.path;
  if (!base) return [];
  const below = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[^/:]+$`);
  return (Object.keys(PATHS) as PathKey[]).filter(
    (key) => key.startsWith(prefix) && below.test(PATHS[key].path) && !PATHS[key].path.endsWith('/add'),
  );
}

/**
 * Between the sections of a base: one's own pages (`/rider/…`, with the overview) or a managed
 * person's (an admin's `/riders/:riderId/…`, an employer's employee): a row of links, the
 * current section marked.
 */
export function OwnerNav() {
  const { t } = useTranslation(['owner', 'routes']);
  const owner = useOwner();
  const { pathname } = useLocation();
  if (!owner) return null;
  const links = baseSections(owner.prefix).map((key) => ({
    key,
    to: (href as (key: PathKey, params: Record<string, number>) => string)(key, owner.params),
  }));
  return (
    <Group component="nav" aria-label={owner.managed ? t('nav.sections') : t('overview.sections')} gap="xs">
      {links.map(({ key, to }) => {
        const current = pathname === to || pathname.startsWith(`${to}/`);
        return (
          <Button
            key={key}
            component={Link}
            to={to}
            size="compact-sm"
            variant={current ? 'filled' : 'default'}
            aria-current={current ? 'page' : undefined}
          >
            {t(`routes:${PATHS[key].label}`)}
          </Button>
        );
      })}
    </Group>
  );
}
