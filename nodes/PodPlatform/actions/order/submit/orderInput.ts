/** One order as Submit reads it from its input, before the check: what each reader gives. */

import { InputError } from '../../../../shared/errors';
import { checkDraft } from './check';
import type { OrderDraft } from './draft';
import { noteReferences } from './references';
import type { OrderReferences } from '../../common/catalog/types';
import type { DeferredOrder, NothingToPrint, Resolver } from './types';
import { writeOrder } from './wire';

/**
 * One order as read from its input, not yet checked: `check` checks its draft with a resolver of
 * its names and SKUs (resolve.ts) and returns the typed deferred order, or throws every problem.
 */
export interface OrderInput {
	/** The storefront's order number, as given (what Exactly Once looks up). */
	uniqueId?: string;
	/**
	 * Whether the input holds nothing to print, known before the catalog is read: a storefront
	 * order all of whose lines are refunded. `check` then says so without a resolver's help.
	 */
	nothingToPrint?: boolean;
	/** The checked order; for a storefront's order none of whose lines is printed, why not. */
	check(resolver: Resolver): DeferredOrder | NothingToPrint;
	/**
	 * What the order names of the catalog, for the run to look up before any order is checked:
	 * what `check` would give its resolver.
	 */
	references(): OrderReferences;
}

/** A draft checked with a resolver and written: the order as it is sent. */
export function checkOrder(draft: OrderDraft, resolver?: Resolver): DeferredOrder {
	return writeOrder(checkDraft(draft, resolver));
}

/**
 * The input of an order whose draft is read whole before the check. An Order JSON that is no
 * order is refused by its check, and names nothing before it.
 */
export function draftInput(read: () => OrderDraft, uniqueId: string | undefined): OrderInput {
	let draft: OrderDraft | undefined;
	const drafted = () => (draft ??= read());
	return {
		uniqueId,
		check: (resolver) => checkOrder(drafted(), resolver),
		references() {
			let failure: unknown;
			try {
				return noteReferences(drafted());
			} catch (error) {
				failure = error;
			}
			// Only bad input is left for the check, which reports it; anything else is a fault.
			if (failure instanceof InputError) return noteReferences(undefined);
			throw failure;
		},
	};
}
