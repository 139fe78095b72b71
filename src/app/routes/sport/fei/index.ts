// The FEI pages: one lazy chunk.
export { VenueGenerateXmlResultsRoute, VenueImportRoute } from './fei-pages';
