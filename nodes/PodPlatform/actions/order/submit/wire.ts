/**
 * The one writer of Submit: a checked order (check.ts) as the wire body the service takes
 * (`{ creatorse_productionOrderDeferred: {...} }`, every collection wrapped as the contract writes
 * it), the typed values the later steps read (Exactly Once's Unique ID, the output's designs,
 * the SKU check's pairs), and a map from each wire path of the body to its place in the user's
 * words. The map serves only the service's own refusals, which name a wire path
 * (`placeOfRefusal`); the node's own checks name their places from the draft.
 */

import type { PlainObject } from '../../../../shared/values';
import { placeName } from '../payloads/problems';
import type { CheckedOrder } from './check';
import type { CheckedDesign } from './designs';
import { DEFERRED_ROOT } from './deferredOrder';
import { isRefused, partsOf } from './draft';
import type { DeferredOrder, RefusalPlaces } from './types';

/** The words of a design's own fields, by their wire key. */
const DESIGN_FIELDS: Record<string, string> = {
	productArea: 'Print Area',
	assignedColor: 'Color',
	assignedSize: 'Size',
	productId: 'Product',
	amount: 'Amount',
	sku: 'SKU',
};

/** Each wire path of the order's parts, as the map keys it, with its place. */
function placesOf(order: CheckedOrder): RefusalPlaces {
	const places: RefusalPlaces = new Map();
	order.designs.forEach(({ draft }, d) => {
		const design = `designs[${d}]`;
		places.set(design, draft.words());
		for (const key of ['assignedColor', 'assignedSize', 'productId', 'amount', 'sku']) {
			places.set(`${design}.${key}`.toLowerCase(), placeName(draft.words(), DESIGN_FIELDS[key]));
		}
		partsOf(draft.compositions).forEach((composition, c) => {
			if (isRefused(composition)) return;
			const at = `${design}.compositions[${c}]`;
			places.set(at, composition.words());
			places.set(`${at}.productarea`, placeName(composition.words(), 'Print Area'));
			composition.elements.forEach((element, e) => {
				if (!isRefused(element)) places.set(`${at}.elements[${e}]`, element.words());
			});
		});
	});
	order.templates.forEach((_, i) => places.set(`templates[${i}]`, `Template Product ${i + 1}`));
	order.passthroughItems.forEach((_, i) =>
		places.set(`passthroughitems[${i}]`, `Passthrough Item ${i + 1}`),
	);
	places.set('ordershipping.carrier', 'Carrier');
	places.set('customer.shippingaddress', 'Shipping Address');
	places.set('customer.billingaddress', 'Billing Address');
	places.set('country', 'Country');
	return places;
}

/** A checked design as the contract's `creatorse_design` item. */
function designBody({ ordered, sentSku, compositions, draft }: CheckedDesign): PlainObject {
	return {
		...(ordered.productId !== undefined ? { productId: ordered.productId } : {}),
		amount: ordered.amount,
		...(ordered.assignedColor ? { assignedColor: ordered.assignedColor } : {}),
		...(ordered.assignedSize ? { assignedSize: ordered.assignedSize } : {}),
		...(sentSku ? { sku: sentSku } : {}),
		// No compositions: a plain base product (contract).
		compositions: { creatorse_composition: compositions },
		...draft.extra,
	};
}

/** The checked order as the service takes it, with the typed values the later steps read. */
export function writeOrder(order: CheckedOrder): DeferredOrder {
	const body: PlainObject = {};
	if (order.uniqueId) body.uniqueId = order.uniqueId;
	if (order.financialStatus) body.financialStatus = order.financialStatus;
	body.country = order.country;
	body.customer = order.customer;
	if (order.orderShipping) body.orderShipping = order.orderShipping;
	if (order.designs.length) {
		body.designs = { creatorse_design: order.designs.map(designBody) };
	}
	if (order.templates.length) {
		body.templates = { creatorse_designedTemplateProduct: order.templates };
	}
	if (order.passthroughItems.length) {
		body.passthroughItems = { creatorse_passthroughItem: order.passthroughItems };
	}
	Object.assign(body, order.extra);
	return {
		body: { [DEFERRED_ROOT]: body },
		uniqueId: order.uniqueId,
		financialStatus: order.financialStatus,
		customer: order.customer,
		country: order.country,
		orderShipping: order.orderShipping,
		designs: order.designs.map((design) => design.ordered),
		compositions: order.designs.map((design) => design.compositions),
		templates: order.templates,
		passthroughItems: order.passthroughItems,
		variants: order.designs.flatMap((design) => (design.variant ? [design.variant] : [])),
		places: placesOf(order),
	};
}

/** A wire path as the map keys it: lower case, without the collections' member keys. */
function mapKey(path: string): string {
	return path.toLowerCase().replace(/\.creatorse_\w+(?=\[)/g, '');
}

/** Every wire path a text names, in the map's keys, designs first. */
function pathsIn(text: string): string[] {
	const paths = (text.match(/[A-Za-z_]\w*(?:\[\d+\])?(?:\.\w+(?:\[\d+\])?)*/g) ?? []).map(mapKey);
	return [
		...paths.filter((path) => path.startsWith('designs')),
		...paths.filter((path) => !path.startsWith('designs')),
	];
}

/**
 * Where a service refusal points, by the wire path its text names (the nearest part the map
 * knows), or undefined when it names none. The text is the service's own; only the place is told.
 */
export function placeOfRefusal(text: string, places: RefusalPlaces): string | undefined {
	for (const path of pathsIn(text)) {
		const steps = path.split('.');
		for (let n = steps.length; n > 0; n--) {
			const place = places.get(steps.slice(0, n).join('.'));
			if (place) return place;
		}
	}
	return undefined;
}
