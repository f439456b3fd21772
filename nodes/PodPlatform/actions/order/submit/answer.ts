/**
 * Submit's answer: the order as the service holds it, never the request. A new order is read
 * back whole once (its creation answers only its ID); an order found under the Unique ID is read
 * and compared with the request, and one that is another order is refused.
 */

import type { IDataObject } from 'n8n-workflow';

import { InputError } from '../../../../shared/errors';
import { isPlainObject } from '../../../../shared/values';
import type { PlainObject } from '../../../../shared/values';
import type { OrderProduct } from '../../common/catalog/types';
import type { RunScope } from '../../runScope';
import type { SubmitOutcome } from './exactlyOnce';
import {
	anotherOrderMessage,
	isAnotherOrder,
	readStoredOrder,
	storedOrderOf,
} from './existingOrder';
import type { Difference } from './existingOrder';
import { existingOrderOutput, listedRecord, newOrderOutput, pricedOrder } from './output';
import type { DeferredOrder } from './types';

/** What an answer is made from: the request as output, and the products that name its items. */
export interface Answering {
	run: RunScope;
	shopPath: string;
	/** The request as the output shows it (`orderOutput`). */
	requested: IDataObject;
	products: Map<number, OrderProduct>;
	itemIndex: number;
	/** Read an order whole even where a look-up listed it (Options → Read Orders Back Whole). */
	readBack: boolean;
}

/**
 * A new order's answer: the order as the service holds it. The creation's answer gives only the
 * order's ID and Unique ID (the contract's `OrderSubmited`). With Exactly Once, the look-up by
 * Unique ID right after sending (the batch's one look-up) lists the order: its own fields as the
 * service holds them, its items as sent (`listedRecord`), with no request of its own. Without a
 * look-up, or with Read Orders Back Whole, the order is read back once. The order is made either way: a read-back that fails
 * answers the order as sent, saying so.
 */
export async function newOrderAnswer(
	{ run, shopPath, requested, products, itemIndex, readBack }: Answering,
	order: DeferredOrder,
	outcome: SubmitOutcome,
): Promise<IDataObject> {
	const record = outcome.record;
	try {
		const stored =
			outcome.listed && !readBack
				? await storedOrderOf(
						run,
						shopPath,
						listedRecord(order, record, products),
						products,
						itemIndex,
					)
				: await readStoredOrder(run, shopPath, record, products, itemIndex);
		return newOrderOutput(requested, pricedOrder(stored));
	} catch (error) {
		return {
			...requested,
			note: `The order was made (ID ${String(record.id)}), but reading it back failed (${(error as Error).message}): this answer is the order as sent. Do not submit it again; read it with Order → Get.`,
		};
	}
}

/**
 * The answer of an order found under the Unique ID (`stored`, a record of it): the order as it
 * stands (existingOrder.ts). A list record that shows the customer is answered as it is, with no
 * read of its own (a catch-up over orders printed before costs its look-up alone): its customer,
 * shipping address and country are compared with the request, its items not (a list record holds
 * none). With Read Orders Back Whole, or a record without a customer, the order is read whole and
 * its items are compared too. One that is another order than the request (another customer, other
 * items) is refused: this request's order is not made, and nothing may read as printed (the
 * error workflow and the catch-ups see it as not ordered). As an AI tool (`tool`), a caller
 * without the order's email learns only that the Unique ID is taken.
 */
export async function existingOrderAnswer(
	{ run, shopPath, requested, products, itemIndex, readBack }: Answering,
	order: DeferredOrder,
	stored: PlainObject,
	tool: boolean,
): Promise<IDataObject> {
	const asListed = !readBack && isPlainObject(stored.customer);
	const read = asListed
		? await storedOrderOf(run, shopPath, stored, products, itemIndex)
		: await readStoredOrder(run, shopPath, stored, products, itemIndex);
	const answer = existingOrderOutput(requested, pricedOrder(read), tool);
	const differences = (answer.differences ?? []) as unknown as Difference[];
	if (isAnotherOrder(differences)) {
		// The input's error (a model reads it without "Item 1:", as its other refusals).
		const { message, description } = anotherOrderMessage(order.uniqueId, stored.id, differences);
		throw new InputError(message, description);
	}
	return answer;
}
