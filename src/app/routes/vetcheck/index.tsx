import { PageLinks } from '@/lib/components/page-links';
import { VetCounts } from '@/features/floor/components/vet-counts';
import { VetList } from '@/features/floor/components/vet-list';

export { FloorLayout } from '../floor-layout';

/*
 * The vet check (spec: Vet-check): horses by head number and their inspections. Each screen
 * shows inside the floor frame of its layout (FloorLayout), with its route's heading.
 */

export function VetcheckDashboardRoute() {
  return (
    <>
      <VetCounts />
      <PageLinks ns="floor" title="vet.work" pages={['vetcheckList']} />
    </>
  );
}

export function VetcheckListRoute() {
  return <VetList />;
}
