import type {
  ASTVisitor,
  FragmentDefinitionNode,
  GraphQLNamedType,
  SelectionSetNode,
  ValidationContext,
} from 'graphql';
import { graphql } from './graphql-runtime';
import { LATEST_RESULTS, NEXT_STARTERS } from './livescore.service';

const { GraphQLError, Kind, getNamedType, getNullableType, isListType, isObjectType } = graphql;

/** At most this many root fields per operation (each is at least one read of the database). */
export const MAX_ROOT_FIELDS = 6;
/** At most this many fields in an operation as written, fragments expanded where they are spread. */
export const MAX_FIELDS = 400;
/**
 * At most this many values an operation may answer: a list field counts its longest length
 * times what each item asks. One competition sheet (start list and ranking of the largest
 * competition, every field of a starter and its result) fits; the same list asked for again
 * and again under aliases does not.
 */
export const MAX_COST = 100_000;

/** The most starters a competition has: the largest shows' classes. */
export const MAX_STARTERS = 2_000;

/** How long a list can be, by type and field; others count DEFAULT_LIST_LENGTH. */
export const LIST_LENGTHS: Record<string, number> = {
  'Query.startList': MAX_STARTERS,
  'Ranking.rows': MAX_STARTERS,
  'Query.competitions': 500,
  'Query.venues': 500,
  'Live.nextStarters': NEXT_STARTERS,
  'Live.latestResults': LATEST_RESULTS,
};
const DEFAULT_LIST_LENGTH = 100;

/**
 * A validation rule bounding what one operation costs before it runs: root fields (aliases make
 * one query ask the same thing many times), fields as written, and the values the answer can
 * hold, with every list counted at its longest (a list of 2,000 starters asked for eight times
 * over is 2,000 × 8 × the starter's fields, however short the query text). Fragments count at
 * every spread; cycles are another rule's error, here they count as over the limit.
 */
export function queryCostRule(context: ValidationContext): ASTVisitor {
  const schema = context.getSchema();
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const memo = new Map<string, { fields: number; values: number }>();
  const over = { fields: MAX_FIELDS + 1, values: MAX_COST + 1 };

  /** Fields as written, and values answered, of a selection on `parent`. */
  function cost(
    set: SelectionSetNode | undefined,
    parent: GraphQLNamedType | undefined,
    visiting: Set<string>,
  ): { fields: number; values: number } {
    const total = { fields: 0, values: 0 };
    if (!set) return total;
    for (const selection of set.selections) {
      let part: { fields: number; values: number };
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        const field = parent && isObjectType(parent) ? parent.getFields()[name] : undefined;
        const inner = cost(selection.selectionSet, field ? getNamedType(field.type) : undefined, visiting);
        const length =
          field && isListType(getNullableType(field.type))
            ? (LIST_LENGTHS[`${parent!.name}.${name}`] ?? DEFAULT_LIST_LENGTH)
            : 1;
        part = { fields: 1 + inner.fields, values: 1 + length * inner.values };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        part = cost(selection.selectionSet, type ?? undefined, visiting);
      } else part = fragmentCost(selection.name.value, visiting);
      total.fields += part.fields;
      total.values += part.values;
      if (total.fields > MAX_FIELDS || total.values > MAX_COST) return total;
    }
    return total;
  }

  function fragmentCost(name: string, visiting: Set<string>): { fields: number; values: number } {
    const known = memo.get(name);
    if (known !== undefined) return known;
    const fragment = fragments.get(name);
    if (!fragment) return { fields: 0, values: 0 };
    if (visiting.has(name)) return over;
    visiting.add(name);
    const value = cost(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value) ?? undefined, visiting);
    visiting.delete(name);
    memo.set(name, value);
    return value;
  }

  function rootFields(set: SelectionSetNode, visiting: Set<string>): number {
    let total = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) total += 1;
      else if (selection.kind === Kind.INLINE_FRAGMENT) total += rootFields(selection.selectionSet, visiting);
      else {
        const fragment = fragments.get(selection.name.value);
        if (!fragment || visiting.has(fragment.name.value)) continue;
        visiting.add(fragment.name.value);
        total += rootFields(fragment.selectionSet, visiting);
      }
    }
    return total;
  }

  return {
    OperationDefinition(node) {
      if (rootFields(node.selectionSet, new Set()) > MAX_ROOT_FIELDS) {
        context.reportError(new GraphQLError(`At most ${MAX_ROOT_FIELDS} root fields per operation.`, { nodes: node }));
      }
      const root =
        node.operation === 'query'
          ? schema.getQueryType()
          : node.operation === 'subscription'
            ? schema.getSubscriptionType()
            : schema.getMutationType();
      const { fields, values } = cost(node.selectionSet, root ?? undefined, new Set());
      if (fields > MAX_FIELDS) {
        context.reportError(
          new GraphQLError(`The operation asks for too many fields (at most ${MAX_FIELDS}).`, { nodes: node }),
        );
      } else if (values > MAX_COST) {
        context.reportError(
          new GraphQLError(
            `The operation could answer too many values (lists counted at their longest; at most ${MAX_COST}).`,
            { nodes: node },
          ),
        );
      }
    },
  };
}
