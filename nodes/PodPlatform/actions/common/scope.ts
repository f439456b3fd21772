/**
 * Where an item works: the shop it names and its path on the service, the shop of the node being
 * edited for a dropdown, and the whole-number ID parameters, all checked before anything is sent.
 */

import type { ILoadOptionsFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { InputError } from '../../../shared/errors';
import { checkedShopId, isShopId } from '../../../shared/descriptions/shop';
import type { ServiceClient } from '../../../shared/transport';
import type { RunScope } from '../runScope';

/** `/accounts/{accountId}/shops/{shopId}` for the shop chosen in this item's Shop field. */
export async function itemShopPath(run: RunScope, itemIndex: number): Promise<string> {
	const shopId = checkedShopId(run.parameter('shop', itemIndex, '', { extractValue: true }));
	return await run.service.shopPath(shopId);
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
export function idParameter(run: RunScope, name: string, label: string, itemIndex: number): string {
	const raw = run.parameter(name, itemIndex, '', { extractValue: true });
	const value = String(raw ?? '').trim();
	if (!/^\d+$/.test(value)) {
		throw new InputError(
			`${label} must be a whole number, got "${value}"`,
			`Enter the numeric ${label} (for example from a previous node's output).`,
		);
	}
	return value;
}
