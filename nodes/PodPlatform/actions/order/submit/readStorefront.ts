/**
 * A storefront's order as its n8n node gives it (One Item per Storefront Order), read into the
 * order draft (draft.ts) straight from the storefront's order (storefrontOrder.ts: the head and
 * the lines by the storefront's documented paths) and the form's one list of Line Prints
 * (formPrints.ts), with the draft's pieces (draftParts.ts). Every line is named as the store
 * numbers it, printed or left out with its reason (storeLines in the output).
 */

import type { IExecuteFunctions } from 'n8n-workflow';

import { readStorefrontSku } from '../../common/storefrontSku';
import { Problems } from '../payloads/problems';
import type { Problem } from '../payloads/problems';
import { optionalText } from '../payloads/orderValues';
import type { RunScope } from '../../runScope';
import { entriesOf, readPrints } from './formPrints';
import { blankChosen, blankFix } from './printChoice';
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
import { LINES_NOT_SOLD } from './storefrontOrderFields';
import type { NothingToPrint, Resolver, StoreLineReport } from './types';

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

/** How to give the print shop's product to a line without one, for the fix of its order. */
const GIVE_PRODUCT =
	"Give the store's product the print product's SKU (Product → Find lists each product's SKU), or name it exactly as the print product is named.";
const GIVE_ONE_PRODUCT =
	"Give the store's product the SKU of the print product it is: Product → Find lists the products of that name and their SKUs.";

/** A line the print shop does not sell: why, and how the store gives it one (when it fails). */
interface NotSold {
	reason: string;
	give: string;
}

/**
 * Why the print shop does not sell a line's product, or undefined where it does (or where what
 * the line names was not looked up: the check then judges it). A line without a SKU is the shop's
 * where exactly one product has its name. A line's SKU that no product has is the shop's only
 * when the merchant leaves such lines out (`skuToo`): else the check refuses it, naming the
 * shop's products nearest to it. This node's own SKUs name a print product, always.
 */
function notSoldOf(line: StorefrontLine, resolver: Resolver, skuToo: boolean): NotSold | undefined {
	if (!line.sku) {
		const count = line.title ? resolver.productsNamed(line.title) : undefined;
		if (count === undefined || count === 1) return undefined;
		return count === 0
			? {
					reason: `it has no SKU, and no product of the shop is named "${line.title}"`,
					give: GIVE_PRODUCT,
				}
			: {
					reason: `it has no SKU, and ${count} products of the shop are named "${line.title}"`,
					give: GIVE_ONE_PRODUCT,
				};
	}
	if (!skuToo || readStorefrontSku(line.sku).kind !== 'other') return undefined;
	if (resolver.productsWithSku(line.sku) !== 0) return undefined;
	return { reason: `no product of the shop has the SKU ${line.sku}`, give: GIVE_PRODUCT };
}

/** The problem of a line the print shop does not sell, when the order fails for it. */
function notSoldProblem(line: LineLeftOut, give: string): Problem {
	return {
		where: storeLineName(line),
		message: line.reason,
		fix: `${give} If the print shop does not make it, set Lines the Print Shop Does Not Sell to Leave Out: the order's other lines are then printed without it.`,
	};
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
 * without a SKU is printed where the shop has exactly one product of its name. A line the print
 * shop does not sell fails the order, naming it, unless the merchant chose to leave such lines
 * out (Lines the Print Shop Does Not Sell): the order is then printed without them, and says it is
 * printed in part. The output names every line left out, and why. Each line is named by its place
 * among the order's line items, as the merchant sees the order in the store.
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
	const blank = blankChosen(run, itemIndex);
	const leaveOut =
		run.parameter<string>('linesNotSold', itemIndex, LINES_NOT_SOLD.fail) ===
		LINES_NOT_SOLD.leaveOut;
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
		storeOrder: { name: read.name, lines: lineReports([], leftOut), partlyPrinted: false },
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
					fix: blankFix('the print every line gets', 'Print on Lines'),
					parameters: ['linePrints'],
				});
			}
			// The lines the print shop does not sell, in the store's order, each with its fix.
			const notSold = read.leftOut
				.filter((line) => line.notSold)
				.map((line) => ({ line, give: GIVE_PRODUCT }));
			const lines = read.lines.filter((line) => {
				const found = notSoldOf(line, resolver, leaveOut);
				if (!found) return true;
				notSold.push({ line: { ...line, reason: found.reason, notSold: true }, give: found.give });
				return false;
			});
			notSold.sort((a, b) => a.line.position - b.line.position);
			if (!leaveOut) problems.push(...notSold.map(({ line, give }) => notSoldProblem(line, give)));
			const leftOut = [
				...read.leftOut.filter((line) => !line.notSold),
				...(leaveOut ? notSold.map(({ line }) => line) : []),
			];
			if (!lines.length && !problems.length) return nothing(leftOut);
			// Nothing left to check: the problems are the order's, without "the order has no items".
			if (!lines.length) {
				const refused = new Problems();
				problems.forEach((problem) => refused.add(problem));
				refused.throwIfAny({ text: subject, named: true }, false);
			}
			const draft = draftOf(lines, { problems, subject });
			const order = checkOrder(draft, resolver);
			const partlyPrinted = leaveOut && notSold.length > 0;
			return {
				...order,
				storeOrder: { name: read.name, lines: lineReports(lines, leftOut), partlyPrinted },
			};
		},
	};
}
