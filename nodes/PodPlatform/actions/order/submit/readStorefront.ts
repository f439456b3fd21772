/**
 * A storefront's order as its n8n node gives it (One Item per Storefront Order), read into the
 * order draft (draft.ts) straight from the storefront's order (storefrontOrder.ts: the head and
 * the lines by the storefront's documented paths) and the form's one list of Line Prints
 * (formPrints.ts), with the draft's pieces (draftParts.ts). Every line is named as the store
 * numbers it, printed or left out with its reason (storeLines in the output).
 */

import type { IExecuteFunctions } from 'n8n-workflow';

import type { Problem } from '../payloads/problems';
import { optionalText } from '../payloads/orderValues';
import type { RunScope } from '../../runScope';
import { BLANK_FIX, blankLinesChosen, entriesOf, readPrints } from './formPrints';
import type { DraftDesign } from './draft';
import { draftDesign, draftHead, formOrderDraft, wordOf } from './draftParts';
import type { DesignPlace, DraftRest } from './draftParts';
import type { FormPrint } from './formPrints';
import { checkOrder } from './orderInput';
import type { OrderInput } from './orderInput';
import { noteReferences } from './references';
import { printsOfSku } from './storefrontSkus';
import { readStorefrontOrder, storefrontLabel } from './storefrontOrder';
import type { LineLeftOut, Storefront, StorefrontLine } from './storefrontOrder';
import type { NothingToPrint, StoreLineReport } from './types';

/** "Line 3 (SKU IPOD2008BLACK)", "Line 1 (Woo Single #1)": a store's line as its order shows it. */
function storeLineName(line: Pick<StorefrontLine, 'position' | 'sku' | 'title'>): string {
	const label = line.sku ? `SKU ${line.sku}` : line.title;
	return `Line ${line.position + 1}${label ? ` (${label})` : ''}`;
}

/**
 * Where a line of the order stands in the draft, named as the store numbers it: its own values
 * come from no form field, and its prints are the form's one list of Line Prints.
 */
export function linePlace(line: StorefrontLine, index: number): DesignPlace {
	return {
		index,
		words: () => storeLineName(line),
		parameter: undefined,
		printParameter: (print) => `linePrints.print[${print}]`,
		printAreaField: 'printArea',
	};
}

/** A line of the order as a design: the product by the line's SKU, else by its name. */
function lineDesign(line: StorefrontLine, index: number, linePrints: FormPrint[]): DraftDesign {
	return draftDesign(
		{
			productId: '',
			sku: line.sku ? wordOf(line.sku) : undefined,
			productName: line.sku ? undefined : wordOf(line.title),
			variant: line.variant,
			// No field gives a line's color and size: its variant names them.
			color: { id: '' },
			size: { id: '' },
			amount: line.amount,
			storeLine: true,
		},
		printsOfSku(line.sku) ?? linePrints,
		linePlace(line, index),
	);
}

/** Why a storefront line without a SKU is not printed, when its product name is no one product's. */
function unnamedLineReason(title: string, count: number): string | undefined {
	if (count === 1) return undefined;
	return count === 0
		? `it has no SKU, and no product of the shop is named "${title}"`
		: `it has no SKU, and ${count} products of the shop are named "${title}"`;
}

/** Each of the order's lines, printed or left out, in the store's order. */
function lineReports(printed: StorefrontLine[], leftOut: LineLeftOut[]): StoreLineReport[] {
	const known = (line: { sku?: string; title?: string }) => ({
		...(line.sku ? { sku: line.sku } : {}),
		...(line.title ? { title: line.title } : {}),
	});
	return [
		...printed.map((line) => ({
			line: line.position + 1,
			...known(line),
			printed: true,
			amount: line.amount,
			quantityFrom: line.quantityFrom,
		})),
		...leftOut.map((line) => ({
			line: line.position + 1,
			...known(line),
			printed: false,
			reason: line.reason,
		})),
	].sort((a, b) => a.line - b.line);
}

/**
 * A storefront's order as its n8n node gives it (One Item per Storefront Order): the head and the
 * lines by the storefront's documented paths (storefrontOrder.ts), no expression per field; every
 * line gets the form's one list of prints, and the form's Financial Status and Carrier. A line
 * without a SKU is printed where the shop has exactly one product of its name, and otherwise left
 * out; the output names every line left out, and why. Each line is named by its place among the
 * order's line items, as the merchant sees the order in the store.
 */
export async function readStorefront(
	ctx: IExecuteFunctions,
	run: RunScope,
	itemIndex: number,
): Promise<OrderInput> {
	const storefront = run.parameter<Storefront>('storefront', itemIndex, 'shopify');
	const read = readStorefrontOrder(
		storefront,
		ctx.getInputData()[itemIndex]?.json,
		run.parameter('storeKey', itemIndex, ''),
	);
	const { header } = read;
	const blank = blankLinesChosen(run, itemIndex);
	// One list for every line: a binary motive is read once per order.
	const prints = blank
		? []
		: await readPrints(
				ctx,
				itemIndex,
				entriesOf(run.parameter('linePrints', itemIndex, {}), 'print').map(
					({ printArea, ...print }) => ({ ...print, printAreaId: printArea }),
				),
				'Line Prints',
			);
	const uniqueId = optionalText(header.uniqueId);
	const label = storefrontLabel(storefront);
	const subject = `${label} order ${read.name} (${uniqueId})`;
	// The form's Financial Status and Carrier, read as the draft is built.
	const draftOf = (lines: StorefrontLine[], rest?: DraftRest) => {
		const financialStatus = run.parameter('financialStatus', itemIndex, 'PAID') as string;
		const carrierId = run.parameter('carrierId', itemIndex, '') as string;
		return formOrderDraft(
			draftHead({ ...header, carrierId }, financialStatus),
			lines.map((line, d) => lineDesign(line, d, prints)),
			rest,
		);
	};
	const nothing = (leftOut: LineLeftOut[]): NothingToPrint => ({
		nothingToPrint: true,
		uniqueId,
		storeOrder: { name: read.name, lines: lineReports([], leftOut) },
		message: `Nothing of ${label} order ${read.name} is printed: ${leftOut
			.map((line) => `${storeLineName(line)}: ${line.reason}`)
			.join('; ')}`,
	});
	return {
		uniqueId,
		nothingToPrint: read.lines.length === 0 && !read.refusal,
		references: () => noteReferences(draftOf(read.lines)),
		check(resolver) {
			const problems: Problem[] = [];
			if (read.refusal) problems.push(read.refusal);
			// A line whose SKU names its print needs no Line Prints.
			if (!blank && !prints.length && read.lines.some((line) => !printsOfSku(line.sku))) {
				problems.push({
					where: 'Line Prints',
					message: 'no print is given: every line would be printed blank',
					fix: BLANK_FIX,
					parameters: ['linePrints'],
				});
			}
			const leftOut = [...read.leftOut];
			const lines = read.lines.filter((line) => {
				if (line.sku || !line.title) return true;
				const count = resolver.productsNamed(line.title);
				const reason = count === undefined ? undefined : unnamedLineReason(line.title, count);
				if (reason) leftOut.push({ ...line, reason });
				return !reason;
			});
			if (!lines.length && !problems.length) return nothing(leftOut);
			const draft = draftOf(lines, { problems, subject });
			const order = checkOrder(draft, resolver);
			return { ...order, storeOrder: { name: read.name, lines: lineReports(lines, leftOut) } };
		},
	};
}
