/**
 * The live scores' GraphQL schema. Ids are Int (database ids); instants ISO
 * strings; times whole milliseconds, dressage scores hundredths of a percent.
 */
export const LIVESCORE_SCHEMA = /* GraphQL */ `
  type Venue {
    id: Int!
    name: String!
    city: String
    country: String
    startDate: String
    endDate: String
    timeZone: String!
  }

  type Competition {
    id: Int!
    venueId: Int!
    number: String!
    name: String!
    startsAt: String
    arena: String
    discipline: String!
    rule: String!
    "Table C: seconds added per knock-down (FEI Art. 239: 4, or 3 where the schedule says so)."
    knockDownSeconds: Int!
    published: Boolean!
    entries: Int!
    results: Int!
  }

  type Result {
    status: String!
    rank: Int
    faults: Int
    timeFaults: Int
    timeMs: Int
    knockDowns: Int
    jumpOffFaults: Int
    jumpOffTimeFaults: Int
    jumpOffTimeMs: Int
    jumpOffKnockDowns: Int
    "EL or RT: ranked, but eliminated or retired in the jump-off (FEI Art. 245)."
    jumpOffStatus: String
    scoreThousandths: Int
    at: String
  }

  type Starter {
    entryId: Int!
    competitionId: Int!
    order: Int
    startTime: String
    riderName: String!
    nationality: String
    horseName: String!
    headNumber: Int
    withdrawn: Boolean!
    late: Boolean!
    "Null without a result, or while the ranking is held back (for the public)."
    result: Result
  }

  type Ranking {
    competitionId: Int!
    published: Boolean!
    rows: [Starter!]!
  }

  type Live {
    venueId: Int!
    current: Competition
    nextStarters: [Starter!]!
    latestResults: [Starter!]!
  }

  type LiveUpdate {
    kind: String!
    venueId: Int!
    competitionId: Int!
    published: Boolean!
    starter: Starter
  }

  type Query {
    "Public: venues with a published competition; the show office also sees its own venue, admins all."
    venues: [Venue!]!
    venue(id: Int!): Venue!
    competitions(venueId: Int!): [Competition!]!
    startList(competitionId: Int!): [Starter!]!
    "Null while held back (public); the venue's show office sees it before it is published."
    ranking(competitionId: Int!): Ranking
    live(venueId: Int!): Live!
  }

  type Subscription {
    "Each result as it is saved (with its new rank), and start-list and publication changes."
    liveUpdates(venueId: Int!): LiveUpdate!
  }
`;
