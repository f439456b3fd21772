/**
 * Submit's Check Only: every order checked as for sending, and nothing sent. An order that passes
 * gives what would be ordered, in the order shape Submit answers with (products, colors, sizes,
 * amounts by name and ID), each design's prints beside it (print area by ID and name, and what is
 * printed there); an order refused gives every problem with its place and fix, as output rather
 * than an error, so that a whole store's orders (or a set-up check's sample orders) are judged in
 * one run.
 */

import type { IDataObject } from 'n8n-workflow';

import type { PlainObject } from '../../../../shared/values';
import { isPlainObject, toArray } from '../../../../shared/values';
import type { InputError } from '../../../../shared/errors';
import { problemsOf } from '../payloads/problems';
import { orderOutput } from './output';
import type { DeferredOrder } from './types';
import type { OrderProduct } from '../../common/catalog/types';

/** What only a sent order has: left out of what would be ordered. */
const SENT_ONLY = new Set([
	'id',
	'alreadyExisted',
	'created',
	'fulfilmentStatus',
	'fulfilmentStatusLabel',
	'trackingNumbers',
	'trackingUrls',
]);

/** One element of a composition as a person reads it: the motive, file or decoration printed. */
function elementOf(element: PlainObject): IDataObject {
	const [[type, content]] = Object.entries(element) as Array<[string, unknown]>;
	const body = isPlainObject(content) ? content : {};
	const position = isPlainObject(body.position) ? { position: body.position as IDataObject } : {};
	switch (type) {
		case 'creatorse_designElementMotive': {
			const motive = isPlainObject(body.motive) ? body.motive : undefined;
			if (motive) return { motiveId: motive.id as number, ...position };
			if (body.url !== undefined) return { motiveUrl: body.url as string, ...position };
			// An inline file is named, never copied into the output.
			return { motiveFile: body.filename as string, ...position };
		}
		case 'creatorse_designElementDdf': {
			const production = isPlainObject(body.productionResource) ? body.productionResource : {};
			return { printFile: production.url as string, ...position };
		}
		case 'creatorse_designElementDecoration':
			return { decorationSku: body.sku as string };
		default:
			return { element: type };
	}
}

/** Each design's prints: a print area (ID and name) and what is printed on it. */
function printsOf(order: DeferredOrder, products: Map<number, OrderProduct>): IDataObject[][] {
	return order.designs.map((design, d) => {
		const product = products.get(Number(design.productId));
		return order.compositions[d].map((composition) => {
			const areaId = isPlainObject(composition.productArea)
				? composition.productArea.id
				: undefined;
			const area = product?.printAreas.find((a) => String(a.productAreaId) === String(areaId));
			return {
				printAreaId: areaId as number,
				printAreaName: (area?.name ?? area?.view ?? null) as string | null,
				elements: toArray<PlainObject>(composition.elements).filter(isPlainObject).map(elementOf),
			};
		});
	});
}

/** What an order that passed every check would order; nothing was sent. */
export function checkOnlyOutput(
	order: DeferredOrder,
	products: Map<number, OrderProduct>,
): IDataObject {
	const would = orderOutput(
		order,
		{ record: {}, alreadyExisted: false },
		{ financialStatus: order.financialStatus ?? null, fulfilmentStatus: null },
		products,
	);
	const prints = printsOf(order, products);
	const items = (would.items as IDataObject[]).map((item, i) =>
		// Designs come first among the items, template products after them.
		i < prints.length ? { ...item, prints: prints[i] } : item,
	);
	const kept = Object.fromEntries(Object.entries(would).filter(([key]) => !SENT_ONLY.has(key)));
	return { checkOnly: true, ready: true, ...kept, items, problems: [] };
}

/** An order refused: every problem, with its place and fix; nothing was sent. */
export function checkOnlyRefusal(error: InputError, uniqueId: string | undefined): IDataObject {
	return {
		checkOnly: true,
		ready: false,
		uniqueId: uniqueId ?? null,
		message: error.message,
		problems: problemsOf(error).map((problem) => ({
			...(problem.where ? { where: problem.where } : {}),
			message: problem.message,
			fix: problem.fix,
		})),
	};
}
