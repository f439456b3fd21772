/**
 * Order JSON read into the order draft (draft.ts): the deferred order body (contract, "Deferred
 * order payload") taken apart by its collections, which may be wrapped as the contract writes
 * them (`{"creatorse_design": [...]}`), bare arrays or single objects. Every part is named by the
 * body's own structure ("Design 1 › Composition 2 › Element 1") and its wire path, which problems
 * show, as the user wrote the payload. Nothing is checked here but that the body can be taken
 * apart: the draft is checked as every reader's is (check.ts).
 */

import { InputError } from '../../../../shared/errors';
import { isPlainObject, toArray } from '../../../../shared/values';
import type { PlainObject } from '../../../../shared/values';
import { membersOf, optionalText } from '../payloads/orderValues';
import { placeName } from '../payloads/problems';
import type {
	DraftComposition,
	DraftDesign,
	DraftElement,
	OrderDraft,
	Parts,
	Refused,
} from './draft';

export const DEFERRED_ROOT = 'creatorse_productionOrderDeferred';

/** Keys of the deferred body the client fills in itself; any other key is passed on as given. */
const ORDER_KEYS = new Set([
	'uniqueId',
	'financialStatus',
	'customer',
	'country',
	'orderShipping',
	'designs',
	'templates',
	'passthroughItems',
]);

/** Keys of a design item the client fills in itself; any other key is passed on as given. */
const DESIGN_KEYS = new Set([
	'productId',
	'amount',
	'assignedColor',
	'assignedSize',
	'sku',
	'compositions',
]);

/** The members of a collection, or the collection refused. */
function members(value: unknown, memberKey: string, label: string, path: string): Parts<unknown> {
	let failure: unknown;
	try {
		return membersOf(value, memberKey, label, path);
	} catch (error) {
		failure = error;
	}
	// Only bad input is kept for the check; anything else is a fault of its own.
	if (failure instanceof InputError) return { refused: failure };
	throw failure;
}

const extraOf = (value: PlainObject, known: Set<string>): PlainObject =>
	Object.fromEntries(
		Object.entries(value).filter(([key, extra]) => !known.has(key) && extra !== undefined),
	);

/**
 * A composition's elements, as the contract's array of single-key objects or one object holding
 * element arrays by key (`{creatorse_designElementMotive: [...]}`), as XML reads.
 */
function elementsOf(value: unknown, path: string, words: (e: number) => string) {
	const refused: Refused[] = [];
	const elements: DraftElement[] = [];
	for (const entry of toArray(value)) {
		if (!isPlainObject(entry)) {
			const e = elements.length;
			refused.push({
				words: () => words(e),
				refused: new InputError(
					'elements must be objects named by element type',
					'Write each element as {"creatorse_designElementMotive": {...}}.',
					path,
				),
			});
			continue;
		}
		for (const [key, inner] of Object.entries(entry)) {
			for (const content of toArray(inner)) {
				const e = elements.length;
				elements.push({ words: () => words(e), spot: { path: `${path}[${e}]` }, key, content });
			}
		}
	}
	return [...refused, ...elements];
}

function compositionOf(value: unknown, path: string, words: () => string): DraftComposition {
	const composition = isPlainObject(value) ? value : {};
	return {
		words,
		spot: { path },
		isObject: isPlainObject(value),
		productArea: composition.productArea,
		elements: isPlainObject(value)
			? elementsOf(composition.elements, `${path}.elements`, (e) =>
					placeName(words(), `Element ${e + 1}`),
				)
			: [],
	};
}

function designOf(value: unknown, d: number): DraftDesign {
	const path = `designs.creatorse_design[${d}]`;
	const words = () => `Design ${d + 1}`;
	const design = isPlainObject(value) ? value : {};
	const compositions = members(
		design.compositions,
		'creatorse_composition',
		'Compositions',
		`${path}.compositions`,
	);
	return {
		words,
		spot: { path },
		isObject: isPlainObject(value),
		productId: design.productId,
		sku: optionalText(design.sku),
		skuSent: true,
		color: design.assignedColor,
		size: design.assignedSize,
		amount: design.amount,
		compositions: Array.isArray(compositions)
			? compositions.map((composition, c) =>
					compositionOf(composition, `${path}.compositions.creatorse_composition[${c}]`, () =>
						placeName(words(), `Composition ${c + 1}`),
					),
				)
			: compositions,
		extra: extraOf(design, DESIGN_KEYS),
	};
}

/** The Unique ID an Order JSON gives, before anything is checked (what Exactly Once looks up). */
export function jsonUniqueId(input: unknown): string | undefined {
	const body = isPlainObject(input) ? (input[DEFERRED_ROOT] ?? input) : undefined;
	return isPlainObject(body) ? optionalText(body.uniqueId) : undefined;
}

/** A deferred order body (with or without its root key) as a draft; refused when no object. */
export function readOrderJson(input: unknown): OrderDraft {
	const body =
		isPlainObject(input) && isPlainObject(input[DEFERRED_ROOT]) ? input[DEFERRED_ROOT] : input;
	if (!isPlainObject(body)) {
		throw new InputError(
			'The order must be a JSON object',
			`Give the order as {"${DEFERRED_ROOT}": {...}} or as the object inside it.`,
			DEFERRED_ROOT,
		);
	}
	const designs = members(body.designs, 'creatorse_design', 'Designs', 'designs');
	return {
		head: {
			uniqueId: body.uniqueId,
			financialStatus: body.financialStatus,
			country: body.country,
			customer: body.customer,
			orderShipping: body.orderShipping,
			extra: extraOf(body, ORDER_KEYS),
			spot: { path: '' },
		},
		designs: Array.isArray(designs) ? designs.map(designOf) : designs,
		templates: members(
			body.templates,
			'creatorse_designedTemplateProduct',
			'Templates',
			'templates',
		),
		passthroughItems: body.passthroughItems,
		showPaths: true,
		problems: [],
	};
}
