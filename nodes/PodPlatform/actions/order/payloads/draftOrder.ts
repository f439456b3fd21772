/**
 * The incremental (draft) order flow (contract, "Incremental order payloads"): Create Draft's
 * `productionOrder` body and Add Product's `creatorse_design` body, checked before sending.
 */

import type { PlainObject } from '../../../../shared/codec';
import { countryRef } from './country';
import { normaliseCustomer } from './customer';
import { headerBody } from './orderHeader';
import type { OrderHeaderForm } from './orderHeader';
import { InputError } from '../../../../shared/errors';
import { AMOUNT_HINT, idRef, optionalText, positiveInt } from './orderValues';
import { normalisePosition } from '../../common/position';
import { normaliseShipping } from './shipping';

export const DRAFT_ROOT = 'productionOrder';

/** The incremental Create body: `productionOrder` with country, shipping and customer. */
export function buildDraftOrder(form: OrderHeaderForm): PlainObject {
	const header = headerBody(form);
	const order: PlainObject = {};
	const uniqueId = optionalText(header.uniqueId);
	if (uniqueId) order.uniqueId = uniqueId;
	order.country = countryRef(header.country);
	const shipping = normaliseShipping(header.orderShipping);
	if (shipping) order.orderShipping = shipping;
	// A draft gets its address only here (no operation changes it later), so it needs one too.
	const customer = normaliseCustomer(header.customer, true);
	if (customer && Object.keys(customer).length) order.customer = customer;
	return { [DRAFT_ROOT]: order };
}

export interface IncrementalPrint {
	/** A view position such as FRONT (sent as assignedView) or a print area ID. */
	viewPosition?: string;
	printAreaId?: unknown;
	motiveId: unknown;
	position?: unknown;
}

export interface IncrementalDesignInput {
	productId: unknown;
	assignedColorId: unknown;
	assignedSizeId: unknown;
	amount: unknown;
	prints: IncrementalPrint[];
}

/** `creatorse_design` for Add Product: prints grouped by view, elements as `creatorse_element`. */
export function buildIncrementalDesign(input: IncrementalDesignInput): PlainObject {
	const label = 'Product';
	const design: PlainObject = {
		productId: positiveInt(
			input.productId,
			`${label} ID`,
			'creatorse_design.productId',
			'Pick the product to print on.',
		),
		amount: positiveInt(input.amount, 'Amount', 'creatorse_design.amount', AMOUNT_HINT),
		assignedColor: idRef(
			input.assignedColorId,
			'Color',
			'creatorse_design.assignedColor',
			"Pick one of the product's colors.",
		),
		assignedSize: idRef(
			input.assignedSizeId,
			'Size',
			'creatorse_design.assignedSize',
			'Pick one of the sizes offered for the chosen color.',
		),
	};
	const groups = new Map<string, { area: PlainObject; elements: PlainObject[] }>();
	input.prints.forEach((print, i) => {
		const printLabel = `Print ${i + 1}`;
		const path = `creatorse_design.compositions (print ${i + 1})`;
		let key: string;
		let area: PlainObject;
		const viewPosition = optionalText(print.viewPosition)?.toUpperCase();
		if (viewPosition) {
			if (!/^[A-Z_]+$/.test(viewPosition)) {
				throw new InputError(
					`${printLabel} view must be a view position such as FRONT or BACK, got ${JSON.stringify(print.viewPosition)}`,
					'Pick the view from the list.',
					`${path}.assignedView.view.position`,
				);
			}
			key = `view:${viewPosition}`;
			area = { assignedView: { view: { position: viewPosition } } };
		} else {
			const productArea = idRef(
				print.printAreaId,
				`${printLabel} print area ID`,
				`${path}.productArea`,
				'Pick a view, or give the print area ID.',
			);
			key = `area:${productArea.id}`;
			area = { productArea };
		}
		const element: PlainObject = {
			motive: idRef(
				print.motiveId,
				`${printLabel} motive ID`,
				`${path}.elements.creatorse_element.motive`,
				'Pick a motive of the shop by its numeric ID.',
			),
		};
		const position = normalisePosition(
			print.position,
			`${printLabel} position`,
			`${path}.elements.creatorse_element.position`,
		);
		if (position) element.position = position;
		const group = groups.get(key) ?? { area, elements: [] };
		group.elements.push(element);
		groups.set(key, group);
	});
	design.compositions = {
		creatorse_composition: [...groups.values()].map(({ area, elements }) => ({
			...area,
			elements: { creatorse_element: elements },
		})),
	};
	return { creatorse_design: design };
}
