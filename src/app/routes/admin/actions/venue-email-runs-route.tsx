import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { RICH_TEXT_HEIGHT } from '@shared/constants';
import { EmailRunOffice } from '@/features/email-runs/components/email-run-office';
import type { EmailRunVariant } from '@/features/email-runs/form-values';
import { VenueJob } from '@/features/jobs/components/venue-job';
import { VenueHeading } from '@/features/venues/components/venue-heading';
import type { PathKey } from '@/lib/paths';

/** The rich-text editor (tiptap) loads only when a message is written here. */
const RichTextField = lazy(() =>
  import('@/features/venues/components/rich-text-field').then((m) => ({ default: m.RichTextField })),
);

const TITLES: Record<EmailRunVariant, PathKey> = {
  onboarding: 'venueActionsOnboardingEmails',
  people: 'venueActionsSendEmails',
  attendees: 'venueActionsSendEmailsAttendees',
};

/** An e-mail run page of a venue: recipients, message, preview, and the run's progress. */
function VenueEmailRunPage({ variant }: { variant: EmailRunVariant }) {
  const { t } = useTranslation('routes');
  const venueId = Number(useParams().venueId);
  return (
    <Stack>
      <VenueHeading venueId={venueId} title={t(TITLES[variant])} />
      <EmailRunOffice
        key={`${venueId}-${variant}`}
        venueId={venueId}
        variant={variant}
        renderJob={(slot) => <VenueJob venue={venueId} kind="emails" {...slot} />}
        renderBodyEditor={(props) => (
          <Suspense fallback={<Skeleton height={RICH_TEXT_HEIGHT} />}>
            <RichTextField {...props} />
          </Suspense>
        )}
      />
    </Stack>
  );
}

export const VenueOnboardingEmailsRoute = () => <VenueEmailRunPage variant="onboarding" />;
export const VenueSendEmailsRoute = () => <VenueEmailRunPage variant="people" />;
export const VenueSendEmailsAttendeesRoute = () => <VenueEmailRunPage variant="attendees" />;
