import { createRequire } from 'node:module';
import type * as GraphQL from 'graphql';

/**
 * graphql as mercurius loads it (CommonJS). An ESM `import … from 'graphql'` would be a second
 * copy (graphql's .mjs build), whose functions refuse the schema mercurius built ("Cannot use
 * GraphQLSchema from another module or realm"): the live score code takes graphql from here.
 */
export const graphql = createRequire(import.meta.url)('graphql') as typeof GraphQL;
