/** One order as Submit reads it from its input, before the check: what each reader gives. */

import type { OrderReferences } from '../../common/catalog/types';
import type { DeferredOrder, NothingToPrint, Resolver } from './types';

/**
 * One order as read from its input, not yet checked: `check` checks it with a resolver of its
 * names and SKUs (resolve.ts) and returns the typed deferred order, or throws every problem.
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
