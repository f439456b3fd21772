/**
 * Whether a design without a print is a mistake or the merchant's choice, in every input of
 * Submit: the one parameter `linePrinting`, shown as Print on Lines (the storefront inputs) and
 * as Print on Designs (the guided form, Order JSON); its reading and its fix; and the editor's
 * warning where a design of the form or of a written Order JSON has no print. Nothing is ever
 * printed blank unless the merchant chose it: an order of blank products is paid and produced
 * like any other.
 */

import type { INodeProperties } from 'n8n-workflow';

import type { RunScope } from '../../runScope';
import type { OperationHint } from '../../types';
import { SUBMIT_INPUT, jsonOnly, onlyFor, shownFor } from './input';

/** What the designs of an order get printed: their prints, or nothing at all (blank products). */
export const LINE_PRINTING = { prints: 'prints', blank: 'blank' } as const;

/** The field's label where the designs are a storefront's lines, and where they are designs. */
type PrintingLabel = 'Print on Lines' | 'Print on Designs';

function printingField(label: PrintingLabel, part: string): INodeProperties {
	return {
		displayName: label,
		name: 'linePrinting',
		type: 'options',
		default: 'prints',
		options: [
			{
				name: 'Prints',
				value: LINE_PRINTING.prints,
				description: `Every ${part} carries a print; an order with a ${part} without one is refused before it is sent`,
			},
			{
				name: 'Nothing (Blank Products)',
				value: LINE_PRINTING.blank,
				description: `A ${part} without a print is a plain product with nothing printed on it`,
			},
		],
		description: `Whether a ${part} without a print is a mistake or a plain product. An order of blank products is produced and charged like any other.`,
	};
}

/** Print on Lines, shown for both storefront inputs. */
export const linePrintingField: INodeProperties = {
	...printingField('Print on Lines', 'line'),
	displayOptions: shownFor([SUBMIT_INPUT.line, SUBMIT_INPUT.storefrontOrder]),
};

/** Print on Designs, shown for the guided form (One Item per Order) and for Order JSON. */
export const designPrintingFields: INodeProperties[] = [
	onlyFor([SUBMIT_INPUT.order], printingField('Print on Designs', 'design')),
	...jsonOnly(printingField('Print on Designs', 'design')),
];

/** Whether the merchant chose blank products (Print on Lines or Print on Designs). */
export function blankChosen(run: RunScope, itemIndex: number): boolean {
	return (
		run.parameter<string>('linePrinting', itemIndex, LINE_PRINTING.prints) === LINE_PRINTING.blank
	);
}

/** The fix of a design without a print: give it `what`, or choose blank products in `label`. */
export function blankFix(what: string, label: PrintingLabel): string {
	return `Add ${what}, or set ${label} to Nothing (Blank Products) if you sell plain products: an order of blank products is produced and charged like any other.`;
}

/**
 * The editor's warnings (n8n's node hints, worked out on the parameters as they are edited): a
 * Design of the form without a print, a design of a written Order JSON without a composition.
 * The run refuses such an order; the hint says so before it runs. An Order JSON given by an
 * expression is not read here: its check is the run's.
 */
const isOrderForm =
	"($parameter.inputMode ?? 'form') !== 'json' && ($parameter.input ?? 'order') === 'order'";
const isLines = "($parameter.inputMode ?? 'form') !== 'json' && $parameter.input === 'line'";
const isOrderJson = "($parameter.inputMode === 'json' || $parameter.input === 'json')";
const printsChosen = `($parameter.linePrinting ?? '${LINE_PRINTING.prints}') !== '${LINE_PRINTING.blank}'`;
const formDesignWithoutPrint =
	'($parameter.designs?.design ?? []).some((design) => !(design.prints?.print ?? []).length)';
const writtenOrderJson =
	"typeof $parameter.orderJson === 'string' && !$parameter.orderJson.startsWith('=')";
const jsonDesignWithoutComposition = [
	'[JSON.parse($parameter.orderJson)]',
	'.map((order) => order.creatorse_productionOrderDeferred ?? order)',
	'.flatMap((order) => [order.designs?.creatorse_design ?? order.designs ?? []].flat())',
	".some((design) => [design?.compositions?.creatorse_composition ?? design?.compositions].flat().filter((composition) => composition && typeof composition === 'object' && Object.keys(composition).length).length === 0)",
].join('');

/** Why a design without a print may still be right: its SKU names the print. */
const BY_LISTING_SKU =
	'a design By SKU of a motive listing from Get Storefront Listing prints that motive, and needs no print';

export const blankDesignHints: OperationHint[] = [
	{
		type: 'warning',
		message: `A Design has no print: the run refuses the order, so that nothing is printed blank by accident (${BY_LISTING_SKU}). Add a Print to each Design, or set Print on Designs to Nothing (Blank Products) to order plain products.`,
		condition: `${isOrderForm} && ${printsChosen} && ${formDesignWithoutPrint}`,
	},
	{
		type: 'warning',
		message: `A Design has no print: the run refuses the order, so that nothing is printed blank by accident (${BY_LISTING_SKU}). Add a Print to each Design, or set Print on Lines to Nothing (Blank Products) to order plain products.`,
		condition: `${isLines} && ${printsChosen} && ${formDesignWithoutPrint}`,
	},
	{
		type: 'warning',
		message:
			'A design of the Order JSON has no composition: the run refuses the order, so that nothing is printed blank by accident. Give each design its compositions (a productArea and the elements printed there), or set Print on Designs to Nothing (Blank Products) to order plain products.',
		condition: `${isOrderJson} && ${printsChosen} && ${writtenOrderJson} && ${jsonDesignWithoutComposition}`,
	},
];
