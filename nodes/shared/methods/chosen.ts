/**
 * What the user has chosen so far in the node being edited, read for a dropdown or list search.
 * A field not filled in yet (or filled by an expression the editor cannot resolve) reads as
 * undefined, so that a list depending on it shows nothing instead of an error.
 */

import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { isShopId } from '../descriptions/shop';
import type { ServiceClient } from '../transport';

const WHOLE_NUMBER = /^\d+$/;

function wholeNumber(value: unknown): string | undefined {
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
	return WHOLE_NUMBER.test(text.trim()) ? text.trim() : undefined;
}

/**
 * The numeric ID in a field, by its name: a top-level field first, else the field of that name
 * beside the one being edited (inside the same collection entry).
 */
export function chosenId(ctx: ILoadOptionsFunctions, name: string): string | undefined {
	let topLevel: unknown;
	try {
		topLevel = ctx.getNodeParameter(name, '', { extractValue: true });
	} catch {
		// A saved value that does not fit its locator mode is as good as none here.
		topLevel = undefined;
	}
	return wholeNumber(topLevel) ?? wholeNumber(sibling(ctx, name));
}

function sibling(ctx: ILoadOptionsFunctions, name: string): unknown {
	try {
		const value = ctx.getCurrentNodeParameter(`&${name}`, { extractValue: true });
		return typeof value === 'object' && value !== null && 'value' in value
			? (value as { value: unknown }).value
			: value;
	} catch {
		return undefined;
	}
}

/** The path of the shop chosen in the Shop field, or undefined while none is chosen. */
export async function chosenShopPath(
	ctx: ILoadOptionsFunctions,
	service: ServiceClient,
): Promise<string | undefined> {
	const shopId = chosenId(ctx, 'shop');
	return shopId !== undefined && isShopId(shopId) ? await service.shopPath(shopId) : undefined;
}
