import type { PathEntry } from './entry';

/**
 * The sport: start lists, rankings, results upload, FEI import and results, live
 * scores, floor devices; for the admin (per venue), the organizer (their venue) and the public.
 */
export const SPORT_PATHS = {
  venueStartlists: { path: '/venues/:venueId/views/startlists', label: 'venueStartlists', parent: 'adminVenues' },
  venueStartlist: {
    path: '/venues/:venueId/views/startlists/competition/:competitionId',
    label: 'venueStartlist',
  },
  venueRankings: { path: '/venues/:venueId/views/rankings', label: 'venueRankings', parent: 'adminVenues' },
  venueRanking: {
    path: '/venues/:venueId/views/rankings/competition/:competitionId',
    label: 'venueRanking',
  },
  venueRankingAdd: {
    path: '/venues/:venueId/views/rankings/competition/:competitionId/add',
    label: 'venueRankingAdd',
  },
  venueRankingEdit: {
    path: '/venues/:venueId/views/rankings/competition/:competitionId/edit/:entryId',
    label: 'venueRankingEdit',
  },
  venueImport: { path: '/venues/:venueId/views/venue-import', label: 'venueImport', parent: 'adminVenues' },
  venueActionsUploadResults: {
    path: '/venues/:venueId/actions/uploadResults',
    label: 'venueActionsUploadResults',
    parent: 'adminVenues',
  },
  venueActionsGenerateXMLResults: {
    path: '/venues/:venueId/actions/generateXMLResults',
    label: 'venueActionsGenerateXMLResults',
    parent: 'adminVenues',
  },
  livescore: { path: '/livescore', label: 'livescore', parent: 'adminVenues' },
  devices: { path: '/devices', label: 'devices', parent: 'adminVenues' },
  organizerStartlists: { path: '/organizer/startlists', label: 'organizerStartlists' },
  organizerStartlist: { path: '/organizer/startlists/:competitionId', label: 'organizerStartlist' },
  organizerRankings: { path: '/organizer/rankings', label: 'organizerRankings' },
  organizerRanking: { path: '/organizer/rankings/:competitionId', label: 'organizerRanking' },
  organizerDevices: { path: '/organizer/devices', label: 'organizerDevices' },
  /** The public live scores of a show: no sign-in, safe on a whitelabel domain. */
  live: { path: '/live/:venueId', label: 'live', whitelabelSafe: true },
} as const satisfies Record<string, PathEntry>;
