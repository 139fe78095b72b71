// The FEI pages (issue 14 §5, §6): one lazy chunk.
export { VenueGenerateXmlResultsRoute, VenueImportRoute } from './fei-pages';
