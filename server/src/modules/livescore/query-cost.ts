import type { ASTVisitor, FragmentDefinitionNode, SelectionSetNode, ValidationContext } from 'graphql';
import { graphql } from './graphql-runtime';

const { GraphQLError, Kind } = graphql;

/** At most this many root fields per operation (each is at least one read of the database). */
export const MAX_ROOT_FIELDS = 6;
/** At most this many fields in an operation, fragments expanded where they are spread. */
export const MAX_FIELDS = 400;

/**
 * A validation rule bounding what one operation costs: root fields (aliases make one query ask
 * the same thing many times) and fields in all, fragments counted at every spread (a fragment
 * spread into itself many levels deep multiplies). Cycles are another rule's error; here they
 * count as the limit.
 */
export function queryCostRule(context: ValidationContext): ASTVisitor {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const memo = new Map<string, number>();

  function cost(set: SelectionSetNode | undefined, visiting: Set<string>): number {
    if (!set) return 0;
    let total = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) total += 1 + cost(selection.selectionSet, visiting);
      else if (selection.kind === Kind.INLINE_FRAGMENT) total += cost(selection.selectionSet, visiting);
      else total += fragmentCost(selection.name.value, visiting);
      if (total > MAX_FIELDS) return total;
    }
    return total;
  }

  function fragmentCost(name: string, visiting: Set<string>): number {
    const known = memo.get(name);
    if (known !== undefined) return known;
    const fragment = fragments.get(name);
    if (!fragment) return 0;
    if (visiting.has(name)) return MAX_FIELDS + 1;
    visiting.add(name);
    const value = cost(fragment.selectionSet, visiting);
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
      if (cost(node.selectionSet, new Set()) > MAX_FIELDS) {
        context.reportError(
          new GraphQLError(`The operation asks for too many fields (at most ${MAX_FIELDS}).`, { nodes: node }),
        );
      }
    },
  };
}
