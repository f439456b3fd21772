/**
 * Hold for Approval: a checked order (the deferred order the other steps made) written as the
 * contract's incremental draft instead, which the service does not produce until it is committed
 * and sent to production (Order → Release). The draft is two kinds of request ("Incremental order
 * payloads"): its head, `productionOrder` with the country, shipping and customer, and the
 * `uniqueId` the field notes record integrators sending there (no financial status: Release
 * stamps it); then one `creatorse_design` per design, its compositions' elements as
 * `creatorse_element` items holding `motive{id}` and an optional `position`.
 *
 * What that draft cannot carry is refused before anything is sent, every part at once and each
 * named where it is ("Design 1 › Print 2", "Line 3 (SKU TEE-BLK-M) › Print 1", "Template
 * Product 1"): template products and passthrough items (the incremental order has neither), and any
 * element other than a motive of the shop's library (a print file, a decoration, an image by URL
 * or from a file, SVG layer overrides), which the contract's incremental element does not hold.
 */

import { isPlainObject, isBlank, toArray } from '../../../../shared/values';
import type { PlainObject } from '../../../../shared/values';
import { Problems } from '../payloads/problems';
import { DRAFT_ROOT } from '../payloads/draftOrder';
import type { AccountCountry } from '../../common/catalog/types';
import { DEFERRED_ROOT } from './deferredOrder';
import { ELEMENT_KEYS } from './elements';
import type { DeferredOrder } from './types';

/** The incremental design's element (contract): `motive{id}` and an optional `position`. */
const INCREMENTAL_ELEMENT = 'creatorse_element';

/** The deferred body's head keys the draft head does not take as they are. */
const NOT_IN_HEAD = new Set(['financialStatus', 'designs', 'templates', 'passthroughItems']);

/** A held order as the service is sent it: the draft's head, then one body per design. */
export interface HeldOrder {
	/** `{ productionOrder: {...} }` for `POST .../orders`. */
	head: PlainObject;
	/** `{ creatorse_design: {...} }` per design, for `POST .../orderedProducts/usingCreatorSE`. */
	designs: PlainObject[];
	/** Each design's place in the user's words ("Design 2", "Line 3 (SKU TEE-BLK-M)"). */
	designWords: string[];
}

const HOLD_OFF = 'or turn Options › Hold for Approval off for this order';

/** Why an element cannot be held, or undefined when it is a library motive the draft takes. */
function elementRefusal(element: PlainObject): { message: string; fix: string } | undefined {
	const [key, content] = Object.entries(element)[0] ?? [];
	const body = isPlainObject(content) ? content : {};
	if (key === ELEMENT_KEYS.ddf) {
		return {
			message:
				'a print file (DDF) cannot be held for approval: a held order prints motives of the shop only',
			fix: `Create the file as a motive of the shop (Motive → Create From File) and print that motive, ${HOLD_OFF}.`,
		};
	}
	if (key === ELEMENT_KEYS.decoration) {
		return {
			message:
				'a decoration cannot be held for approval: a held order prints motives of the shop only',
			fix: `Leave the decoration out, ${HOLD_OFF}.`,
		};
	}
	if (key !== ELEMENT_KEYS.motive) {
		return {
			message: `the element ${String(key)} cannot be held for approval: a held order prints motives of the shop only`,
			fix: `Print a motive of the shop instead, ${HOLD_OFF}.`,
		};
	}
	if (!isPlainObject(body.motive)) {
		return {
			message:
				'an image by URL or from a file cannot be held for approval: a held order prints motives of the shop only',
			fix: `Create the image as a motive of the shop (Motive → Create From File) and choose that motive, ${HOLD_OFF}.`,
		};
	}
	if (body.layers !== undefined) {
		return {
			message:
				"SVG layer overrides (a layer's text or color) cannot be held for approval: a held order prints the motive as it is",
			fix: `Remove the layer overrides, ${HOLD_OFF}.`,
		};
	}
	return undefined;
}

/** A composition of the deferred body with its elements as the incremental design writes them. */
function incrementalComposition(composition: PlainObject): PlainObject {
	const { elements, ...rest } = composition;
	const motives = toArray<unknown>(elements)
		.filter(isPlainObject)
		.map((element) => element[ELEMENT_KEYS.motive])
		.filter(isPlainObject)
		.map(({ motive, position }) => ({ motive, ...(position !== undefined ? { position } : {}) }));
	return { ...rest, elements: { [INCREMENTAL_ELEMENT]: motives } };
}

/** The draft head: the order's own keys but the financial status and the items. */
function headOf(deferred: PlainObject, countries: AccountCountry[] | undefined): PlainObject {
	const head: PlainObject = {};
	for (const [key, value] of Object.entries(deferred)) {
		if (!NOT_IN_HEAD.has(key)) head[key] = value;
	}
	// The contract writes the draft's country as `country{id}`: a code is sent by its ID where the
	// run read the account's countries, else as given (as Order → Create Draft sends it).
	const country = head.country;
	if (isPlainObject(country) && isBlank(country.id) && typeof country.code === 'string') {
		const found = countries?.find(
			(candidate) => candidate.code?.toUpperCase() === String(country.code).toUpperCase(),
		);
		if (found) head.country = { id: found.id };
	}
	return head;
}

/**
 * The checked order as a held draft, or every part the draft cannot carry refused in one
 * InputError, before anything is sent.
 */
export function heldOrderOf(
	order: DeferredOrder,
	countries: AccountCountry[] | undefined,
): HeldOrder {
	const deferred = isPlainObject(order.body[DEFERRED_ROOT]) ? order.body[DEFERRED_ROOT] : {};
	const designs = isPlainObject(deferred.designs)
		? toArray<unknown>(deferred.designs.creatorse_design).filter(isPlainObject)
		: [];
	const problems = new Problems();
	const place = (path: string, fallback: string) => order.places.get(path) ?? fallback;
	designs.forEach((design, d) => {
		const compositions = isPlainObject(design.compositions)
			? toArray<unknown>(design.compositions.creatorse_composition).filter(isPlainObject)
			: [];
		compositions.forEach((composition, c) => {
			toArray<unknown>(composition.elements)
				.filter(isPlainObject)
				.forEach((element, e) => {
					const refusal = elementRefusal(element);
					if (!refusal) return;
					const at = `designs[${d}].compositions[${c}].elements[${e}]`;
					problems.add({ where: place(at, `Design ${d + 1}`), ...refusal });
				});
		});
	});
	order.templates.forEach((_, i) =>
		problems.add({
			where: place(`templates[${i}]`, `Template Product ${i + 1}`),
			message: 'a template product cannot be held for approval: a held order holds designs only',
			fix: `Order it as a design (its product, color, size and motive), ${HOLD_OFF}.`,
		}),
	);
	order.passthroughItems.forEach((_, i) =>
		problems.add({
			where: place(`passthroughitems[${i}]`, `Passthrough Item ${i + 1}`),
			message: 'a passthrough item cannot be held for approval: a held order holds designs only',
			fix: `Send the warehouse item with an order of its own, ${HOLD_OFF}.`,
		}),
	);
	problems.throwIfAny({ text: 'The order', named: false }, false);
	return {
		head: { [DRAFT_ROOT]: headOf(deferred, countries) },
		designs: designs.map((design) => {
			const compositions = isPlainObject(design.compositions)
				? toArray<unknown>(design.compositions.creatorse_composition).filter(isPlainObject)
				: [];
			return {
				creatorse_design: {
					...design,
					compositions: { creatorse_composition: compositions.map(incrementalComposition) },
				},
			};
		}),
		designWords: designs.map((_, d) => place(`designs[${d}]`, `Design ${d + 1}`)),
	};
}
