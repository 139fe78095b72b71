// The live score pages (issue 14 §7): one lazy chunk with the GraphQL client and graphql-ws.
export { LiveRoute, LivescoreRoute } from './live-pages-routes';
