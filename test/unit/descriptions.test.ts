/**
 * The node descriptions as the editor reads them, checked for what breaks a form there: an option
 * value starting with "=" (the editor takes it for an expression and the option cannot be chosen),
 * a resource without a description, and a service ID a merchant must type instead of picking it.
 */
import type {
	INode,
	INodeParameters,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { PodPlatform } from '../../nodes/PodPlatform/PodPlatform.node';
import { PodPlatformPollTrigger } from '../../nodes/PodPlatformPollTrigger/PodPlatformPollTrigger.node';
import { PodPlatformTrigger } from '../../nodes/PodPlatformTrigger/PodPlatformTrigger.node';
import { resourcesAndOperations } from '../support/nodeDescriptions';

const NODES: INodeTypeDescription[] = [
	new PodPlatform().description,
	new PodPlatformTrigger().description,
	new PodPlatformPollTrigger().description,
];

/**
 * Fields that name something by an ID the service cannot list, so a text field is right:
 * - uniqueId: the merchant's own order reference (the service stores it, it never lists them);
 * - reference: a template product's ID or SKU, which the merchant's own catalog defines;
 * - referenceId: the merchant's own reference carried through a passthrough item;
 * - orderSessionId, pageSessionId: a Creator page session, which only the page knows;
 * - widgetId: the ID of the merchant's own page element the snippet renders into;
 * - filterId: a stored filter, which the service only creates (POST /filters) and never lists;
 * - categoryId, tagId: the service assigns categories and tags to motives but lists neither;
 * - templateProductId: a design template, which the service does not list.
 */
const FREE_ID_FIELDS = new Set([
	'filterId',
	'categoryId',
	'tagId',
	'templateProductId',
	'uniqueId',
	'reference',
	'referenceId',
	'orderSessionId',
	'pageSessionId',
	'widgetId',
]);

/**
 * Fields free only where they sit (path fragment and field name): a template product's color and
 * size belong to the merchant's template, which the service does not list; the Creator snippet's
 * ordered products are items of a page's session order, which only that page knows.
 */
const FREE_ID_PLACES: Array<[string, string]> = [
	['Template Products (templates)', 'assignedColorId'],
	['Template Products (templates)', 'assignedSizeId'],
	['[creator/getSnippet]', 'orderedProductId'],
	['[creator/getSnippet]', 'editOrderedProductId'],
];

const isFreeIdField = ({ path, property }: Field): boolean =>
	FREE_ID_FIELDS.has(property.name) ||
	FREE_ID_PLACES.some(([place, name]) => property.name === name && path.includes(place));

interface Field {
	/** Where the field sits: node › field › sub-field. */
	path: string;
	property: INodeProperties;
}

/** Every field of a node, the fields inside collections and fixed collections included. */
function fieldsOf(node: INodeTypeDescription): Field[] {
	const fields: Field[] = [];
	const visit = (properties: INodeProperties[], path: string) => {
		for (const property of properties) {
			const here = `${path} › ${property.displayName} (${property.name})`;
			fields.push({ path: here, property });
			for (const option of property.options ?? []) {
				if ('values' in option) visit((option as INodePropertyCollection).values, here);
				else if ('displayName' in option) visit([option as INodeProperties], here);
			}
		}
	};
	for (const property of node.properties) {
		// Name where a field shows: its resources and operations (e.g. order/getAll,filter/create).
		const show = property.displayOptions?.show ?? {};
		const scope = [show.resource, show.operation]
			.filter((values) => values !== undefined)
			.map((values) => (values as unknown[]).join(','))
			.join('/');
		visit([property], scope ? `${node.displayName} [${scope}]` : node.displayName);
	}
	return fields;
}

const ALL_FIELDS = NODES.flatMap(fieldsOf);

/**
 * A field that carries a service ID: its name ends in Id/ID/Ids, its label says ID, or its
 * description sends the merchant to a list operation to look the value up ("Country → Get Many").
 */
const carriesServiceId = ({ property }: Field) =>
	// A notice is text, not a field: it carries no value.
	property.type !== 'notice' &&
	(/(Id|ID|Ids|IDs)$/.test(property.name) ||
		/\bIDs?\b/.test(property.displayName) ||
		/→ Get Many/.test(property.description ?? ''));

/** A field the editor lets a merchant pick from: a dropdown filled by the service, or a locator. */
const isPickable = ({ property }: Field) =>
	property.type === 'resourceLocator' ||
	((property.type === 'options' || property.type === 'multiOptions') &&
		Boolean(property.typeOptions?.loadOptionsMethod));

test('no option value starts with "=", which the editor reads as an expression', () => {
	const offending = ALL_FIELDS.flatMap(({ path, property }) =>
		['options', 'multiOptions'].includes(property.type)
			? ((property.options ?? []) as INodePropertyOptions[])
					.filter((option) => typeof option.value === 'string' && option.value.startsWith('='))
					.map((option) => `${path}: option "${option.name}" has the value "${option.value}"`)
			: [],
	);
	expect([...new Set(offending)]).toEqual([]);
});

test('every resource of the action node is described', () => {
	const resources = resourcesAndOperations(new PodPlatform().description.properties);
	expect(resources.length).toBeGreaterThan(5);
	const undescribed = resources
		.filter(({ resource }) => !resource.description?.trim())
		.map(({ resource }) => resource.name);
	expect(undescribed).toEqual([]);
	for (const { resource, operations } of resources) {
		expect({ resource: resource.name, operations: operations.length }).not.toEqual({
			resource: resource.name,
			operations: 0,
		});
	}
});

test('every field carrying a service ID is a dropdown the service fills, or a resource locator', () => {
	const idFields = ALL_FIELDS.filter(carriesServiceId);
	expect(idFields.length).toBeGreaterThan(0);
	const typed = idFields
		.filter((field) => !isFreeIdField(field) && !isPickable(field))
		.map(({ path, property }) => `${path}: ${property.type}`);
	expect([...new Set(typed)]).toEqual([]);
});

test('the allow-list of free ID fields names only fields that exist', () => {
	const names = new Set(ALL_FIELDS.map(({ property }) => property.name));
	expect([...FREE_ID_FIELDS].filter((name) => !names.has(name))).toEqual([]);
	const places = FREE_ID_PLACES.filter(
		([place, name]) =>
			!ALL_FIELDS.some(({ path, property }) => property.name === name && path.includes(place)),
	);
	expect(places).toEqual([]);
});

describe("n8n's issues of Submit reading a storefront's order", () => {
	const description = new PodPlatform().description;
	/** The parameter issues n8n shows in the editor for these values (and refuses to run with). */
	const issuesOf = (set: Record<string, unknown>) => {
		const node = {
			name: 'POD Platform',
			type: 'n8n-nodes-pod-platform.podPlatform',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		} as unknown as INode;
		const parameters = NodeHelpers.getNodeParameters(
			description.properties,
			{
				resource: 'order',
				operation: 'submit',
				input: 'storefrontOrder',
				...set,
			} as INodeParameters,
			true,
			false,
			node,
			description,
		) as INodeParameters;
		return (
			NodeHelpers.getNodeParametersIssues(
				description.properties,
				{ ...node, parameters },
				description,
			)?.parameters ?? {}
		);
	};

	test('Line Prints without a print is flagged; a print, or Nothing (Blank Products), clears it', () => {
		expect(issuesOf({ linePrints: {} }).linePrints).toEqual(['At least 1 field is required.']);
		const print = { printArea: 'FRONT', elementType: 'libraryMotive' };
		expect(issuesOf({ linePrints: { print: [print] } }).linePrints).toBeUndefined();
		expect(issuesOf({ linePrints: {}, linePrinting: 'blank' }).linePrints).toBeUndefined();
	});
});
