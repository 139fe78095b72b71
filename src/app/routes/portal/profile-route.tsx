import { TermsStatus } from '@/features/auth/components/terms-status';
import { ProfileSection } from '@/features/owner/components/profile-section';
import { TermsAccept } from '@/features/owner/components/terms-accept';
import { SectionPage } from './section-page';

/** The owner's profile; on the rider's own profile also the terms (accepting them lives here). */
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
        </>
      )}
    </SectionPage>
  );
}
