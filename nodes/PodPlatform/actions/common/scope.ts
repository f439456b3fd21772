/**
 * Where an item works: the shop it names and its path on the service, the shop of the node being
 * edited for a dropdown, and the whole-number ID parameters, all checked before anything is sent.
 */

import type { IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InputError } from '../../../shared/errors';
import { checkedShopId, isShopId } from '../../../shared/descriptions/shop';
import type { ServiceClient } from '../../../shared/transport';
import type { RunScope } from '../runScope';

/** The shop ID chosen in the Shop field of this item. */
export function shopIdOf(ctx: IExecuteFunctions, itemIndex: number): string {
	return checkedShopId(ctx.getNodeParameter('shop', itemIndex, '', { extractValue: true }));
}

/** `/accounts/{accountId}/shops/{shopId}` for this item's shop. */
export async function itemShopPath(
	ctx: IExecuteFunctions,
	run: RunScope,
	itemIndex: number,
): Promise<string> {
	return await run.service.shopPath(shopIdOf(ctx, itemIndex));
}

/** The shop path for a dropdown, from the Shop field of the node being edited. */
export async function currentShopPath(
	ctx: ILoadOptionsFunctions,
	service: ServiceClient,
): Promise<string> {
	const value = String(
		ctx.getNodeParameter('shop', undefined, { extractValue: true }) ?? '',
	).trim();
	if (!isShopId(value)) {
		throw new NodeOperationError(ctx.getNode(), 'Choose a shop first', {
			description: 'The list depends on the shop; pick the shop above.',
		});
	}
	return await service.shopPath(value);
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
