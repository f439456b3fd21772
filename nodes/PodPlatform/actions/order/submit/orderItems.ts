/**
 * Which input items make each order of Submit: each item alone, or, with One Item per Line, each
 * run of consecutive items that share a Unique ID; and the runs of one order that lie apart.
 */

import type { Problem } from '../payloads/problems';
import { optionalText } from '../payloads/orderValues';
import type { RunScope } from '../../runScope';
import { SUBMIT_INPUT, submitInput } from './input';

/** The Unique ID an item gives, or undefined when it gives none (or its expression fails). */
export function uniqueIdOf(run: RunScope, itemIndex: number): string | undefined {
	try {
		return optionalText(run.parameter<unknown>('uniqueId', itemIndex, ''));
	} catch {
		return undefined;
	}
}

/**
 * The orders of the input: each item alone, or (One Item per Line) the runs of consecutive items
 * that share a Unique ID. An item without a Unique ID is an order of its own (and refused by
 * Exactly Once).
 */
export function ordersOfItems(run: RunScope, itemCount: number): number[][] {
	const items = Array.from({ length: itemCount }, (_, itemIndex) => itemIndex);
	if (submitInput(run) !== SUBMIT_INPUT.line) return items.map((itemIndex) => [itemIndex]);
	const orders: Array<{ uniqueId?: string; items: number[] }> = [];
	for (const itemIndex of items) {
		const uniqueId = uniqueIdOf(run, itemIndex);
		const last = orders[orders.length - 1];
		if (uniqueId !== undefined && last?.uniqueId === uniqueId) last.items.push(itemIndex);
		else orders.push({ uniqueId, items: [itemIndex] });
	}
	return orders.map((order) => order.items);
}

/** "items 1–3": input items as n8n numbers them. */
function itemRange(unit: number[]): string {
	const first = unit[0] + 1;
	const last = unit[unit.length - 1] + 1;
	return first === last ? `item ${first}` : `items ${first}–${last}`;
}

/**
 * One Item per Line's orders whose lines are not next to each other: the same Unique ID in two
 * runs of items would be two orders, the second taken for the first by Exactly Once and its lines
 * lost. Each such run is refused, naming them all (by its first item).
 */
export function linesApart(run: RunScope, orders: number[][]): Map<number, Problem> {
	if (submitInput(run) !== SUBMIT_INPUT.line) return new Map();
	const byUniqueId = new Map<string, number[][]>();
	for (const unit of orders) {
		const uniqueId = uniqueIdOf(run, unit[0]);
		if (uniqueId !== undefined)
			byUniqueId.set(uniqueId, [...(byUniqueId.get(uniqueId) ?? []), unit]);
	}
	const problems = new Map<number, Problem>();
	// The error names the order already ("Order 450789469: its lines ...").
	for (const parts of byUniqueId.values()) {
		if (parts.length < 2) continue;
		for (const unit of parts) {
			problems.set(unit[0], {
				message: `its lines are not next to each other: ${parts.map(itemRange).join(', ')}`,
				fix: "Keep each order's lines together (Split Out keeps them together; sort by the Unique ID after merging inputs): consecutive items with the same Unique ID form one order.",
			});
		}
	}
	return problems;
}
