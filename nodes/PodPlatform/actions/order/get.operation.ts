/**
 * Order → Get: reads one order of the shop by its ID, as the service returns it or simplified
 * (shared/simplify/order.ts) with its items named from their products, each product read once
 * per run.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { readNamings, withItemNames } from '../../../shared/productNames';
import { simplifyOrder } from '../../../shared/simplify/order';
import { itemShopPath } from '../common/scope';
import { simplifyField } from '../common/fields';
import type { OperationDefinition } from '../types';
import { asItem, orderPath, UnknownUniqueIdError } from './common';
import { orderIdField } from './fields';
import type { RunScope } from '../runScope';
import { recordOf, type Decoded } from '../../../shared/codec';
import { isPlainObject } from '../../../shared/values';
import { noOrderMatches, placedWithEmail } from './buyerEmail';
import { READ, BUYER_TEXT } from '../wordsForModel';

/** The order's embedded collections: what the basic variant of an order leaves out. */
const ORDER_COLLECTIONS = ['orderedProducts', 'fulfillments'] as const;

/**
 * The order with its ordered products and fulfilments. The contract lists no read of one order
 * (only the collection, and orders' `self` links), and its Resource expansion pattern gives a
 * basic variant (own fields and links) beside an expanded one that embeds the collections. An
 * answer that already embeds them (a deployment that answers the expanded order) is used as it
 * is; a basic record is followed to its `expanded` link (contract: clients follow links), or,
 * without one, to the pattern's `.../orders/expanded/{id}`. Without this a shipped order read as
 * the basic record has no tracking numbers, and a way back tells the store "shipped" with none.
 */
async function withCollections(
	run: RunScope,
	answer: Decoded | undefined,
	path: string,
	itemIndex: number,
): Promise<Decoded | undefined> {
	const record = recordOf(answer);
	if (ORDER_COLLECTIONS.some((key) => key in record)) return answer;
	const links = isPlainObject(record.links) ? record.links : {};
	const expanded =
		typeof links.expanded === 'string' && links.expanded
			? links.expanded
			: path.replace(/\/orders\/([^/]+)$/, '/orders/expanded/$1');
	return await run.service.request({ method: 'GET', path: expanded, itemIndex });
}

export const getOperation: OperationDefinition = {
	option: {
		name: 'Get',
		value: 'get',
		action: 'Get an order',
		description: 'Get an order with its statuses, customer, items and fulfillments',
	},
	// The order is named as the tool's argument asks for it (the Unique ID, or an ID): the text
	// promises neither, so that it stays true of a tool fixed to one of them.
	forModel: `Read one print order, named as this tool's argument asks for it; where the tool also asks for the buyer's email, only an order placed with that email is answered (otherwise: no order matches). ${READ} Answers its payment and fulfilment status (with labels such as Shipped), tracking numbers and links, customer, and items with product, color and size names. ${BUYER_TEXT}`,
	fields: [
		orderIdField,
		simplifyField,
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: "Require the Buyer's Email",
					name: 'buyerEmail',
					type: 'string',
					placeholder: 'e.g. ada@example.com',
					default: '',
					description:
						"Answer the order only when it was placed with this email (any case); otherwise answer that no order matches, with no customer data. For a look-up on a customer's behalf, such as a support agent: an order's Unique ID is easy to guess.",
				},
			],
		},
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const buyerEmail = String(
			run.parameter<{ buyerEmail?: unknown }>('options', itemIndex, {}).buyerEmail ?? '',
		).trim();
		// With the buyer's email required, an unknown Unique ID answers as a wrong email does.
		let path: string | undefined;
		let unknown: unknown;
		try {
			path = await orderPath(run, itemIndex);
		} catch (error) {
			unknown = error;
		}
		if (path === undefined)
			throw buyerEmail && unknown instanceof UnknownUniqueIdError ? noOrderMatches() : unknown;
		const first = await run.service.request({ method: 'GET', path, itemIndex });
		if (buyerEmail && !placedWithEmail(recordOf(first), buyerEmail)) throw noOrderMatches();
		const answer = await withCollections(run, first, path, itemIndex);
		const simplify = run.parameter('simplify', itemIndex, true) as boolean;
		if (!simplify) return [asItem(answer?.data)];
		const shopPath = await itemShopPath(run, itemIndex);
		const [order] = await withItemNames(
			[simplifyOrder(recordOf(answer))],
			async (productIds) =>
				await readNamings(run.service, shopPath, productIds, run.productNamings, itemIndex),
		);
		return [{ json: order }];
	},
};
