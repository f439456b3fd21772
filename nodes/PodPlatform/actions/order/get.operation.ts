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
import { asItem, orderPath, orderWithCollections, UnknownUniqueIdError } from './common';
import { orderIdField } from './fields';
import type { RunScope } from '../runScope';
import { recordOf } from '../../../shared/codec';
import { noOrderMatches, placedWithEmail } from './buyerEmail';
import { READ, BUYER_TEXT } from '../wordsForModel';

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
		const answer = await orderWithCollections(run, first, path, itemIndex);
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
