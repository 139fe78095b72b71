import { useParams } from 'react-router-dom';
import { ShowParticipation } from '@/features/rider/components/show-participation';
import { VecParticipations } from '@/features/rider/components/vec-participations';
import { VenueParticipations } from '@/features/rider/components/venue-participations';
import { SectionPage } from '../portal/section-page';

/** shows/participation/:participationId */
export function ShowParticipationRoute() {
  const participationId = Number(useParams().participationId);
  return (
    <SectionPage>{(owner) => <ShowParticipation rider={owner.id} participationId={participationId} />}</SectionPage>
  );
}

/** The admin's /riders/:riderId/VenueParticipations. */
export function VenueParticipationsRoute() {
  return <SectionPage>{(owner) => <VenueParticipations rider={owner.id} />}</SectionPage>;
}

/** The admin's /riders/:riderId/VECParticipations. */
export function VecParticipationsRoute() {
  return <SectionPage>{(owner) => <VecParticipations rider={owner.id} />}</SectionPage>;
}
