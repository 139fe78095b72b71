import { TermsStatus } from '@/features/auth/components/terms-status';
import { ProfileSection } from '@/features/owner/components/profile-section';
import { TermsAccept } from '@/features/owner/components/terms-accept';
import { ParticipatedVenues } from '@/features/people-admin/components/participated-venues';
import { SectionPage } from './section-page';

/**
 * The owner's profile; on the rider's own profile also the terms (accepting them lives here); on
 * the admin's rider and official pages also where they took part.
 */
export function ProfileRoute() {
  return (
    <SectionPage>
      {(owner) => (
        <>
          {owner.type === 'rider' && !owner.managed && (
            <>
              <TermsStatus />
              <TermsAccept />
            </>
          )}
          <ProfileSection owner={owner} />
          {/* The admin's rider and official pages: where they took part. */}
          {owner.prefix === 'adminRider' && <ParticipatedVenues kind="rider" id={owner.id} />}
          {owner.prefix === 'adminOfficial' && <ParticipatedVenues kind="official" id={owner.id} />}
        </>
      )}
    </SectionPage>
  );
}
