import { useParams } from 'react-router-dom';
import { HorseAdd } from '@/features/rider/components/horse-add';
import { HorseList } from '@/features/rider/components/horse-list';
import { HorseOwnerForm } from '@/features/rider/components/horse-owner-form';
import { HorseView } from '@/features/rider/components/horse-view';
import { SectionPage } from '../portal/section-page';

export function HorsesRoute() {
  return <SectionPage>{(owner) => <HorseList rider={owner.id} />}</SectionPage>;
}

export function HorseAddRoute() {
  return <SectionPage>{(owner) => <HorseAdd rider={owner.id} />}</SectionPage>;
}

export function HorseViewRoute() {
  const horseId = Number(useParams().id);
  return <SectionPage>{(owner) => <HorseView rider={owner.id} horseId={horseId} />}</SectionPage>;
}

/** view/:id/:horseOwnerId: the owner data of the rider's horse :id. */
export function HorseOwnerRoute() {
  const horseId = Number(useParams().id);
  return <SectionPage>{(owner) => <HorseOwnerForm rider={owner.id} horseId={horseId} />}</SectionPage>;
}
