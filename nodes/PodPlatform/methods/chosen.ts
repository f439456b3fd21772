/**
 * What the user has chosen so far in the node being edited, read for a dropdown or list search.
 * A field not filled in yet (or filled by an expression the editor cannot resolve) reads as
 * undefined, so that a list depending on it shows nothing instead of an error.
 */

import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { isShopId } from '../../shared/descriptions/shop';
import type { ServiceClient } from '../../shared/transport';

const WHOLE_NUMBER = /^\d+$/;

function wholeNumber(value: unknown): string | undefined {
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
	return WHOLE_NUMBER.test(text.trim()) ? text.trim() : undefined;
}

/** The numeric ID in a value as n8n gives it (a number, text, or a resource locator's value). */
export function wholeNumberIdOf(value: unknown): string | undefined {
	return wholeNumber(valueOf(value));
}

/**
 * The numeric ID in a field, by its name: a top-level field first, else the field of that name
 * beside the one being edited (inside the same collection entry).
 */
export function chosenId(ctx: ILoadOptionsFunctions, name: string): string | undefined {
	return wholeNumber(topLevel(ctx, name)) ?? wholeNumber(sibling(ctx, name));
}

/** A resource locator's value (whatever its mode), or the plain value of any other field. */
/**
 * A field's value as the node being edited holds it, by its name: a top-level field first, else
 * the field of that name beside the one being edited; undefined while it is not set.
 */
export function chosenValue(ctx: ILoadOptionsFunctions, name: string): unknown {
	const top = ctx.getCurrentNodeParameter(name);
	if (top !== undefined) return top;
	try {
		return ctx.getCurrentNodeParameter(`&${name}`);
	} catch {
		return undefined;
	}
}

function valueOf(value: unknown): unknown {
	return typeof value === 'object' && value !== null && 'value' in value
		? (value as { value: unknown }).value
		: value;
}

function topLevel(ctx: ILoadOptionsFunctions, name: string): unknown {
	try {
		return ctx.getNodeParameter(name, '', { extractValue: true });
	} catch {
		// A By URL value that is not (yet) a record's address: the raw value may still be an ID.
		try {
			return valueOf(ctx.getNodeParameter(name, ''));
		} catch {
			return undefined;
		}
	}
}

function sibling(ctx: ILoadOptionsFunctions, name: string): unknown {
	try {
		return valueOf(ctx.getCurrentNodeParameter(`&${name}`, { extractValue: true }));
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
