/**
 * The one rule by which an order form's prints become compositions (Submit's guided form and Add
 * Product): prints on the same print area form one composition, in the order the areas are first
 * named. A print without an area stays on its own, so that each such print is named in its problem.
 */

/** One print of a form and where it stands among the form's prints, from 0. */
export interface PlacedPrint<T> {
	print: T;
	index: number;
}

/**
 * The prints grouped by print area: `areaKeyOf` names a print's area (one key per area, however
 * the form names it), or undefined when the print has none.
 */
export function groupByPrintArea<T>(
	prints: readonly T[],
	areaKeyOf: (print: T) => string | undefined,
): Array<Array<PlacedPrint<T>>> {
	const groups = new Map<string, Array<PlacedPrint<T>>>();
	prints.forEach((print, index) => {
		const area = areaKeyOf(print);
		const key = area === undefined ? `none:${index}` : `area:${area}`;
		const group = groups.get(key) ?? [];
		group.push({ print, index });
		groups.set(key, group);
	});
	return [...groups.values()];
}
