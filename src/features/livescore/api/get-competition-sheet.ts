import type { LiveRanking, LiveStarter } from '@shared/schemas/livescore';
import { STARTER_FIELDS } from './documents';
import { graphqlRequest } from './transport';

/** One competition's start list and ranking (null while held back from this viewer). */
export interface CompetitionSheet {
  startList: LiveStarter[];
  ranking: LiveRanking | null;
}

const QUERY = `query CompetitionSheet($competitionId: Int!) {
  startList(competitionId: $competitionId) { ${STARTER_FIELDS} }
  ranking(competitionId: $competitionId) { competitionId published rows { ${STARTER_FIELDS} } }
}`;

export function getCompetitionSheet(competitionId: number, auth: boolean): Promise<CompetitionSheet> {
  return graphqlRequest<CompetitionSheet>(QUERY, { competitionId }, { auth });
}
