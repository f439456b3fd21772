/**
 * Submit's Input: the four ways it reads its items, the field that chooses one, where the other
 * fields show for each, and the run's one reading of it.
 *
 * Version 2 of the node chooses with one field, Input. Version 1 chose with two (Input Mode: Guided
 * Form or JSON, then Input for the form); n8n keeps the version a workflow was saved with, so
 * version 1's fields stay, shown only to such workflows, and read the same way.
 */

import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import type { RunScope } from '../../runScope';

export const SUBMIT_INPUT = {
	/** Each item is one order, filled in field by field (the guided form). */
	order: 'order',
	/** Each item is one line of a storefront order; consecutive items of one Unique ID form it. */
	line: 'line',
	/** Each item is a storefront's whole order, read by its documented paths. */
	storefrontOrder: 'storefrontOrder',
	/** Each item is one order given as the contract's JSON. */
	json: 'json',
} as const;

export type SubmitInput = (typeof SUBMIT_INPUT)[keyof typeof SUBMIT_INPUT];

/** The inputs that fill in the guided form's fields (all but Order JSON). */
export type FormInput = Exclude<SubmitInput, 'json'>;

const VERSION_1 = { '@version': [1] };
const SINCE_VERSION_2 = { '@version': [{ _cnd: { gte: 2 } }] };

/**
 * Where a field of the form shows: for these inputs, in either version. Version 1 hides the form
 * under Input Mode JSON, whatever its Input still holds; version 2 has no Input Mode, and n8n's
 * `hide` passes over a parameter a node does not have.
 */
export function shownFor(inputs: FormInput[]): IDisplayOptions {
	return { show: { input: inputs }, hide: { inputMode: [SUBMIT_INPUT.json] } };
}

/** A field shown for these inputs, on top of its own display conditions. */
export function onlyFor(inputs: FormInput[], field: INodeProperties): INodeProperties {
	const where = shownFor(inputs);
	const own = field.displayOptions ?? {};
	return {
		...field,
		displayOptions: {
			...own,
			show: { ...own.show, ...where.show },
			hide: { ...own.hide, ...where.hide },
		},
	};
}

/** Shown where the input is Order JSON: a field for each version, since each says it differently. */
export function jsonOnly(field: INodeProperties): INodeProperties[] {
	return [
		{ ...field, displayOptions: { show: { ...VERSION_1, inputMode: [SUBMIT_INPUT.json] } } },
		{ ...field, displayOptions: { show: { ...SINCE_VERSION_2, input: [SUBMIT_INPUT.json] } } },
	];
}

const FORM_INPUTS: NonNullable<INodeProperties['options']> = [
	{
		name: 'One Item per Order',
		value: SUBMIT_INPUT.order,
		description:
			'Each input item is an order: fill in customer, addresses and designs field by field',
	},
	{
		name: 'One Item per Line',
		value: SUBMIT_INPUT.line,
		description:
			'Each input item is one line of a storefront order; consecutive items with the same Unique ID form one order',
	},
	{
		name: 'One Item per Storefront Order',
		value: SUBMIT_INPUT.storefrontOrder,
		description:
			"Each input item is a Shopify or WooCommerce order as n8n's trigger gives it; the node reads its customer, address and lines itself",
	},
];

/** The field that chooses the input: version 2's one Input, and version 1's two fields. */
export const inputFields: INodeProperties[] = [
	{
		displayName: 'Input',
		name: 'input',
		type: 'options',
		default: 'order',
		options: [
			...FORM_INPUTS,
			{
				name: 'Order JSON',
				value: SUBMIT_INPUT.json,
				description:
					'Each input item is an order given whole as JSON, e.g. mapped from a Shopify or WooCommerce order',
			},
		],
		displayOptions: { show: SINCE_VERSION_2 },
	},
	{
		displayName: 'Input Mode',
		name: 'inputMode',
		type: 'options',
		default: 'form',
		options: [
			{
				name: 'Guided Form',
				value: 'form',
				description: 'Fill in customer, addresses and designs field by field',
			},
			{
				name: 'JSON',
				value: SUBMIT_INPUT.json,
				description:
					'Give the whole order as JSON, e.g. mapped from a Shopify or WooCommerce order',
			},
		],
		displayOptions: { show: VERSION_1 },
	},
	{
		displayName: 'Input',
		name: 'input',
		type: 'options',
		default: 'order',
		options: FORM_INPUTS,
		displayOptions: { show: { ...VERSION_1, inputMode: ['form'] } },
	},
];

/**
 * How this run reads its items: one input for the whole run, since One Item per Line groups items
 * across the run.
 */
export function submitInput(run: RunScope): SubmitInput {
	if (run.nodeVersion < 2 && run.parameter<string>('inputMode', 0, 'form') === SUBMIT_INPUT.json) {
		return SUBMIT_INPUT.json;
	}
	const input = run.parameter<string>('input', 0, SUBMIT_INPUT.order);
	return (Object.values(SUBMIT_INPUT) as string[]).includes(input)
		? (input as SubmitInput)
		: SUBMIT_INPUT.order;
}
