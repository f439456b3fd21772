/**
 * Where an item works: the shop it names and its path on the service, and the whole-number ID
 * parameters, all checked before anything is sent.
 */

import type { IExecuteFunctions } from 'n8n-workflow';

import { InputError } from '../../../shared/errors';
import { checkedShopId } from '../../../shared/descriptions/shop';
import type { RunScope } from '../runScope';

/** `/accounts/{accountId}/shops/{shopId}` for the shop chosen in this item's Shop field. */
export async function itemShopPath(run: RunScope, itemIndex: number): Promise<string> {
	const shopId = checkedShopId(run.parameter('shop', itemIndex, '', { extractValue: true }));
	return await run.service.shopPath(shopId);
}

/** A required positive whole-number ID parameter, checked before anything is sent. */
export function idParameter(
	ctx: IExecuteFunctions,
	name: string,
	label: string,
	itemIndex: number,
): string {
	const raw = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true });
	const value = String(raw ?? '').trim();
	if (!/^\d+$/.test(value)) {
		throw new InputError(
			`${label} must be a whole number, got "${value}"`,
			`Enter the numeric ${label} (for example from a previous node's output).`,
		);
	}
	return value;
}
