import { useTranslation } from 'react-i18next';
import { FloorFrame } from '@/features/floor/components/floor-frame';
import { PageLinks } from '@/lib/components/page-links';
import { VetCounts } from '@/features/floor/components/vet-counts';
import { VetList } from '@/features/floor/components/vet-list';
import { AudienceDashboard } from '../dashboard/audience-dashboard';

export { FloorLayout } from '../floor-layout';

/* The vet check (spec: Vet-check): horses by head number and their inspections. */

export function VetcheckDashboardRoute() {
  return (
    <AudienceDashboard audience="vetcheck">
      <FloorFrame>
        <VetCounts />
        <PageLinks ns="floor" title="vet.work" pages={['vetcheckList']} />
      </FloorFrame>
    </AudienceDashboard>
  );
}

export function VetcheckListRoute() {
  const { t } = useTranslation('routes');
  return (
    <FloorFrame title={t('vetcheckList')}>
      <VetList />
    </FloorFrame>
  );
}
