/**
 * Submit's fields of one print, as a design of the guided form lists them: the print area, the
 * element (a motive from the library, a URL or the item's binary data, a print-ready file, a
 * decoration), its placement and its SVG layers.
 */

import type { INodeProperties } from 'n8n-workflow';

import { motiveLocator, placementFields, serviceDropdown } from '../fields';

/**
 * How many designs the Print Area lists follow: n8n reaches a field's siblings only, so each
 * print's list depends on the products of the first designs by path, and is listed again when one
 * of them changes. Beyond these, the list follows its product when the panel is reopened; the run
 * refuses an area of another product either way.
 */
export const DESIGNS_FOLLOWED = 25;

const designProducts = Array.from(
	{ length: DESIGNS_FOLLOWED },
	(_, d) => `designs.design[${d}].productId.value`,
);

/** A motive of the shop for a print: searched, by ID, or by its name (looked up once per run). */
const printMotiveLocator: INodeProperties = {
	...motiveLocator,
	modes: [
		...(motiveLocator.modes ?? []),
		{
			displayName: 'By Name',
			name: 'name',
			type: 'string',
			placeholder: 'e.g. Company Logo',
		},
	],
	description: 'A motive of the shop: from the list, by ID, or by its name (any case)',
};

export const printFields: INodeProperties[] = [
	// Not a required field inside the list: the node names every missing choice at once on a run.
	serviceDropdown(
		'Print Area Name or ID',
		'printAreaId',
		'getOrderPrintAreas',
		['shop.value', ...designProducts],
		{
			description:
				"One of the design's product's print areas. Choose from the list, or by expression give its ID, its name or its view (FRONT, BACK).",
			hint: "The design's product's print areas; prints on the same area form one composition",
		},
	),
	{
		displayName: 'Element',
		name: 'elementType',
		type: 'options',
		default: 'libraryMotive',
		options: [
			{
				name: 'Decoration',
				value: 'decoration',
				description: 'A decoration by SKU (patch, label)',
			},
			{ name: 'Direct Data File', value: 'ddf', description: 'A print-ready file by URL' },
			{
				name: 'Motive From Binary Data',
				value: 'binaryMotive',
				description: 'A JPEG or PNG from the input item, sent inline',
			},
			{
				name: 'Motive From Library',
				value: 'libraryMotive',
				description: 'A motive of the shop, chosen, by ID or by name',
			},
			{
				name: 'Motive From URL',
				value: 'urlMotive',
				description: 'A JPEG or PNG the service downloads',
			},
		],
	},
	{ ...printMotiveLocator, displayOptions: { show: { elementType: ['libraryMotive'] } } },
	{
		displayName: 'Image URL',
		name: 'url',
		type: 'string',
		default: '',
		placeholder: 'https://example.com/motive.png',
		displayOptions: { show: { elementType: ['urlMotive'] } },
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		description: 'The binary field of the input item holding the JPEG or PNG',
		displayOptions: { show: { elementType: ['binaryMotive'] } },
	},
	{
		displayName: 'Preview URL',
		name: 'previewUrl',
		type: 'string',
		default: '',
		displayOptions: { show: { elementType: ['ddf'] } },
	},
	{
		displayName: 'Production File URL',
		name: 'productionUrl',
		type: 'string',
		default: '',
		displayOptions: { show: { elementType: ['ddf'] } },
	},
	{
		displayName: 'Production File Name',
		name: 'productionFilename',
		type: 'string',
		default: '',
		placeholder: 'e.g. print.pdf',
		description: 'Must carry a file extension',
		displayOptions: { show: { elementType: ['ddf'] } },
	},
	{
		displayName: 'Decoration SKU',
		name: 'decorationSku',
		type: 'string',
		default: '',
		displayOptions: { show: { elementType: ['decoration'] } },
	},
	{
		displayName: 'Placement',
		name: 'placement',
		type: 'string',
		default: '',
		placeholder: 'e.g. sleeve',
		displayOptions: { show: { elementType: ['decoration'] } },
	},
	...placementFields.map((field) => ({
		...field,
		displayOptions: {
			show: { elementType: ['libraryMotive', 'urlMotive', 'binaryMotive', 'ddf'] },
		},
	})),
	{
		displayName: 'SVG Layer Overrides',
		name: 'layers',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Layer Override',
		default: {},
		displayOptions: { show: { elementType: ['libraryMotive', 'urlMotive', 'binaryMotive'] } },
		options: [
			{
				displayName: 'Layer',
				name: 'layer',
				values: [
					{
						displayName: 'Layer Name',
						name: 'name',
						type: 'string',
						default: '',
						description: 'The name of the SVG layer',
					},
					{ displayName: 'Text', name: 'text', type: 'string', default: '' },
					{ displayName: 'Color', name: 'rgbColor', type: 'color', default: '' },
				],
			},
		],
	},
];
