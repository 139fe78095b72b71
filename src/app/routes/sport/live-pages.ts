// The live score pages: one lazy chunk with the GraphQL client and graphql-ws.
export { LiveRoute, LivescoreRoute } from './live-pages-routes';
