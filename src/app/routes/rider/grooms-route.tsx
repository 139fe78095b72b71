import { useParams } from 'react-router-dom';
import { GroomAdd, GroomEdit } from '@/features/rider/components/groom-form';
import { GroomList } from '@/features/rider/components/groom-list';
import { SectionPage } from '../portal/section-page';

export function GroomsRoute() {
  return <SectionPage>{(owner) => <GroomList rider={owner.id} />}</SectionPage>;
}

export function GroomAddRoute() {
  return <SectionPage>{(owner) => <GroomAdd rider={owner.id} />}</SectionPage>;
}

export function GroomEditRoute() {
  const groomId = Number(useParams().groomId);
  return <SectionPage>{() => <GroomEdit groomId={groomId} />}</SectionPage>;
}
