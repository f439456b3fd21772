/**
 * A list's default filter, which a stored filter replaces (contract, Filters rule 2): the
 * condition the node keeps for such a list, added to the user's filter unless it says otherwise.
 */

import { isPlainObject, toArray, type PlainObject } from '../values';
import type { FilterRoot } from './filterFields';
import { isFilterRoot } from './filterFields';

/** The tests a filter's expressions are made of, and the groups that hold more of them. */
const TESTS = new Set([
	'expressionSimple',
	'betweenExpression',
	'expressionContain',
	'expressionIsNull',
]);
const GROUPS = new Set(['expressionDisjunction', 'expressionConjuction']);

/**
 * Whether a filter's own expressions (nested groups included; sub-entity filters and sorting are
 * about other things) test a property.
 */
function testsProperty(container: PlainObject, property: string): boolean {
	return Object.entries(container).some(([key, value]) => {
		const members = toArray(value).filter(isPlainObject);
		if (key === 'expressions' || GROUPS.has(key))
			return members.some((member) => testsProperty(member, property));
		if (TESTS.has(key))
			return members.some((test) => String(test.property ?? '').trim() === property);
		return false;
	});
}

/**
 * The part of a list's default filter that a stored filter replaces (contract, Filters rule 2:
 * the default applies only when no filter is given), for the lists whose default the node keeps.
 * A deleted motive stays in the service and would otherwise come back with any filter.
 */
const LIST_DEFAULT_CONDITIONS: Partial<
	Record<FilterRoot, { property: string; op: string; value: string }>
> = {
	motiveFilter: { property: 'deleted', op: '=', value: 'false' },
};

/** The condition a Get Many keeps for this filter type, if any (for the field descriptions). */
export function listDefaultCondition(
	root: FilterRoot,
): { property: string; op: string; value: string } | undefined {
	return LIST_DEFAULT_CONDITIONS[root];
}

/**
 * A filter for a Get Many with the list's default condition added (see LIST_DEFAULT_CONDITIONS), unless the
 * user's filter says something about that property; then theirs stands.
 */
export function withListDefaultCondition(body: PlainObject): PlainObject {
	const { root, content } = filterParts(body);
	const condition = isFilterRoot(root) ? LIST_DEFAULT_CONDITIONS[root] : undefined;
	if (!condition || testsProperty(content, condition.property)) return body;
	const simple = [...toArray(content.expressionSimple), { ...condition }];
	return {
		[root]: { ...content, expressionSimple: simple.length === 1 ? simple[0] : simple },
	};
}

/** The root and content of a filter body (`{ productFilter: {...} }`). */
export function filterParts(body: PlainObject): { root: string; content: PlainObject } {
	const root = Object.keys(body)[0];
	const content = body[root];
	return { root, content: isPlainObject(content) ? content : {} };
}
