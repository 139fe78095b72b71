/** The fields the live pages read (src/shared/schemas/livescore.ts), as GraphQL selections. */
export const RESULT_FIELDS = `status rank faults timeFaults timeMs knockDowns jumpOffFaults jumpOffTimeFaults
  jumpOffTimeMs jumpOffKnockDowns jumpOffStatus scoreThousandths at`;

export const STARTER_FIELDS = `entryId competitionId order startTime riderName nationality horseName headNumber
  withdrawn late result { ${RESULT_FIELDS} }`;

export const COMPETITION_FIELDS =
  'id venueId number name startsAt arena discipline rule knockDownSeconds published entries results';

export const VENUE_FIELDS = 'id name city country startDate endDate timeZone';
