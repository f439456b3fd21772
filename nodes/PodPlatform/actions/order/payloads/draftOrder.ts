/**
 * The incremental (draft) order flow (contract, "Incremental order payloads"): Create Draft's
 * `productionOrder` body and Add Product's `creatorse_design` body, checked before sending.
 */

import type { PlainObject } from '../../../../shared/values';
import { countryRef } from './country';
import { normaliseCustomer } from './customer';
import { headerBody } from './orderHeader';
import type { OrderHeaderForm } from './orderHeader';
import { InputError } from '../../../../shared/errors';
import { AMOUNT_HINT, idRef, optionalText, positiveInt } from './orderValues';
import { normalisePosition } from '../../common/position';
import { groupByPrintArea } from './printAreas';
import { Problems } from './problems';
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

/** Where one print goes: the key its area is grouped by, and the area as the wire names it. */
interface PrintArea {
	key: string;
	body: PlainObject;
}

/** A print's view position (sent as assignedView) or, without one, its print area ID. */
function printAreaOf(print: IncrementalPrint, path: string): PrintArea {
	const viewPosition = optionalText(print.viewPosition)?.toUpperCase();
	if (viewPosition) {
		if (!/^[A-Z_]+$/.test(viewPosition)) {
			throw new InputError(
				`View must be a view position such as FRONT or BACK, got ${JSON.stringify(print.viewPosition)}`,
				'Pick the view from the list.',
				`${path}.assignedView.view.position`,
			);
		}
		return {
			key: `view:${viewPosition}`,
			body: { assignedView: { view: { position: viewPosition } } },
		};
	}
	const productArea = idRef(
		print.printAreaId,
		'Print Area ID',
		`${path}.productArea`,
		'Pick a view, or give the print area ID.',
	);
	return { key: `id:${productArea.id}`, body: { productArea } };
}

/**
 * `creatorse_design` for Add Product: prints grouped into compositions by the order forms' rule
 * (printAreas.ts), elements as `creatorse_element`. Every problem of the product and its prints
 * is reported at once, named by the form's place ("Print 2"), as Submit reports an order's.
 */
export function buildIncrementalDesign(input: IncrementalDesignInput): PlainObject {
	const problems = new Problems();
	const design: PlainObject = {
		productId: problems.check(undefined, () =>
			positiveInt(
				input.productId,
				'Product ID',
				'creatorse_design.productId',
				'Pick the product to print on.',
			),
		),
		amount: problems.check(undefined, () =>
			positiveInt(input.amount, 'Amount', 'creatorse_design.amount', AMOUNT_HINT),
		),
		assignedColor: problems.check(undefined, () =>
			idRef(
				input.assignedColorId,
				'Color',
				'creatorse_design.assignedColor',
				"Pick one of the product's colors.",
			),
		),
		assignedSize: problems.check(undefined, () =>
			idRef(
				input.assignedSizeId,
				'Size',
				'creatorse_design.assignedSize',
				'Pick one of the sizes offered for the chosen color.',
			),
		),
	};
	const prints = input.prints.map((print, i) => {
		const where = `Print ${i + 1}`;
		const path = `creatorse_design.compositions (print ${i + 1})`;
		const area = problems.check(where, () => printAreaOf(print, path));
		const element: PlainObject = {
			motive: problems.check(where, () =>
				idRef(
					print.motiveId,
					'Motive ID',
					`${path}.elements.creatorse_element.motive`,
					'Pick a motive of the shop by its numeric ID.',
				),
			),
		};
		const position = problems.check(where, () =>
			normalisePosition(print.position, 'Position', `${path}.elements.creatorse_element.position`),
		);
		if (position) element.position = position;
		return { area, element };
	});
	problems.throwIfAny({ text: 'The product', named: false }, false);
	design.compositions = {
		creatorse_composition: groupByPrintArea(prints, ({ area }) => area?.key).map((group) => ({
			...group[0].print.area?.body,
			elements: { creatorse_element: group.map(({ print }) => print.element) },
		})),
	};
	return { creatorse_design: design };
}
