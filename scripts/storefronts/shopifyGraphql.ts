/**
 * The order side of the Shopify stand-in's GraphQL Admin API (`POST /admin/api/<version>/graphql.json`,
 * scripts/storefronts.ts): what the Shopify examples read and write now that none of them is on the
 * legacy REST Admin API (Shopify marked it legacy on 2024-10-01). The products' productSet and
 * productByIdentifier stay in ./products.ts.
 *
 * Each operation, argument and field below is as the GraphQL Admin API reference documents it
 * (shopify.dev/docs/api/admin-graphql/latest: queries `orders`, `order`, `productVariants`; mutations
 * `fulfillmentCreate`, `tagsAdd`; objects Order, LineItem, MailingAddress, ShippingLine,
 * FulfillmentOrder, FulfillmentOrderLineItem, Fulfillment, FulfillmentTrackingInfo, ProductVariant,
 * PageInfo, UserError; input objects FulfillmentInput, FulfillmentOrderLineItemsInput,
 * FulfillmentOrderLineItemInput, FulfillmentTrackingInput). A field the stand-in does not hold is
 * refused as Shopify's graphql-ruby refuses an unknown one ("Field 'x' doesn't exist on type 'Order'",
 * code `undefinedField`), so a test sees a misspelt field rather than a silent null.
 *
 * Query cost and throttling as "GraphQL Admin API rate limits" (shopify.dev/docs/apps/build/apis/
 * graphql-admin/rate-limits) documents them: a scalar or enum costs 0, an object 1, a connection 2
 * plus `first` (or `last`) times the cost of one of its nodes, a mutation 10; a single query may
 * cost at most 1,000 points (`MAX_COST_EXCEEDED`); a leaky bucket per app and store must hold the
 * requested cost before the query runs, and is refunded the difference to the actual cost after.
 * The Standard plan restores 100 points a second; `throttleStatus.maximumAvailable` is the bucket
 * (2,000 on Standard). A query the bucket cannot hold is answered HTTP 200 with the error
 * `{ message: "Throttled", extensions: { code: "THROTTLED" } }` and `extensions.cost` beside it.
 * Every answer carries `extensions.cost` (`requestedQueryCost`, `actualQueryCost`,
 * `throttleStatus { maximumAvailable, currentlyAvailable, restoreRate }`).
 *
 * Documents are parsed for real (operations, variables with their types, aliases, arguments as
 * literals or variables, nested selections); fragments and directives are refused, as the examples
 * send none.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const gid = (type: string, id: unknown) => `gid://shopify/${type}/${String(id)}`;
/** The numeric ID of a `gid://shopify/<Type>/<id>`, or NaN when the value is no GID of that type. */
const idOf = (value: unknown, type: string): number => {
	const match = /^gid:\/\/shopify\/(\w+)\/(\d+)$/.exec(String(value));
	return match && match[1] === type ? Number(match[2]) : NaN;
};

// ---------------------------------------------------------------------------------------------
// The document: a small GraphQL parser (the executable subset the examples send)
// ---------------------------------------------------------------------------------------------

type Value =
	| { kind: 'variable'; name: string }
	| { kind: 'literal'; value: unknown }
	| { kind: 'list'; values: Value[] }
	| { kind: 'object'; fields: Record<string, Value> };

interface Field {
	alias: string;
	name: string;
	args: Record<string, Value>;
	selections: Field[];
}

interface Operation {
	type: 'query' | 'mutation';
	variables: Record<string, { type: string; defaultValue?: Value }>;
	selections: Field[];
}

class SyntaxProblem extends Error {}

function tokenize(source: string): string[] {
	const tokens: string[] = [];
	const pattern =
		/\s+|,|#[^\n]*|("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|([A-Za-z_]\w*)|(\.\.\.|[{}()[\]:!$=@|&])/gy;
	let match: RegExpExecArray | null;
	let at = 0;
	while (at < source.length) {
		pattern.lastIndex = at;
		match = pattern.exec(source);
		if (!match) throw new SyntaxProblem(`Parse error on "${source.slice(at, at + 10)}"`);
		at = pattern.lastIndex;
		const token = match[1] ?? match[2] ?? match[3] ?? match[4];
		if (token !== undefined) tokens.push(token);
	}
	return tokens;
}

function parse(source: string): Operation[] {
	const tokens = tokenize(source);
	let at = 0;
	const peek = () => tokens[at];
	const next = () => {
		if (at >= tokens.length) throw new SyntaxProblem('Unexpected end of document');
		return tokens[at++];
	};
	const expect = (token: string) => {
		const got = next();
		if (got !== token) throw new SyntaxProblem(`Expected ${token}, got ${got}`);
	};
	const name = () => {
		const got = next();
		if (!/^[A-Za-z_]\w*$/.test(got)) throw new SyntaxProblem(`Expected a name, got ${got}`);
		return got;
	};
	const value = (): Value => {
		const token = next();
		if (token === '$') return { kind: 'variable', name: name() };
		if (token === '[') {
			const values: Value[] = [];
			while (peek() !== ']') values.push(value());
			next();
			return { kind: 'list', values };
		}
		if (token === '{') {
			const fields: Record<string, Value> = {};
			while (peek() !== '}') {
				const key = name();
				expect(':');
				fields[key] = value();
			}
			next();
			return { kind: 'object', fields };
		}
		if (token.startsWith('"')) return { kind: 'literal', value: JSON.parse(token) as string };
		if (/^-?\d/.test(token)) return { kind: 'literal', value: Number(token) };
		if (token === 'true' || token === 'false') return { kind: 'literal', value: token === 'true' };
		if (token === 'null') return { kind: 'literal', value: null };
		if (/^[A-Za-z_]\w*$/.test(token)) return { kind: 'literal', value: token };
		throw new SyntaxProblem(`Unexpected ${token}`);
	};
	const typeRef = (): string => {
		let type: string;
		if (peek() === '[') {
			next();
			type = `[${typeRef()}]`;
			expect(']');
		} else type = name();
		if (peek() === '!') {
			next();
			type += '!';
		}
		return type;
	};
	const selectionSet = (): Field[] => {
		expect('{');
		const fields: Field[] = [];
		while (peek() !== '}') {
			if (peek() === '...') throw new SyntaxProblem('The stand-in takes no fragments');
			let alias = name();
			let fieldName = alias;
			if (peek() === ':') {
				next();
				fieldName = name();
			}
			const args: Record<string, Value> = {};
			if (peek() === '(') {
				next();
				while (peek() !== ')') {
					const key = name();
					expect(':');
					args[key] = value();
				}
				next();
			}
			if (peek() === '@') throw new SyntaxProblem('The stand-in takes no directives');
			const selections = peek() === '{' ? selectionSet() : [];
			if (alias === fieldName) alias = fieldName;
			fields.push({ alias, name: fieldName, args, selections });
		}
		next();
		return fields;
	};
	const operations: Operation[] = [];
	while (at < tokens.length) {
		if (peek() === '{') {
			operations.push({ type: 'query', variables: {}, selections: selectionSet() });
			continue;
		}
		const type = next();
		if (type !== 'query' && type !== 'mutation') {
			throw new SyntaxProblem(`The stand-in takes queries and mutations, not ${type}`);
		}
		if (peek() !== '(' && peek() !== '{') name();
		const variables: Operation['variables'] = {};
		if (peek() === '(') {
			next();
			while (peek() !== ')') {
				expect('$');
				const variable = name();
				expect(':');
				const declared = typeRef();
				let defaultValue: Value | undefined;
				if (peek() === '=') {
					next();
					defaultValue = value();
				}
				variables[variable] = { type: declared, defaultValue };
			}
			next();
		}
		operations.push({ type, variables, selections: selectionSet() });
	}
	return operations;
}

// ---------------------------------------------------------------------------------------------
// The schema: what each type holds, and how its fields are read from the stand-in's records
// ---------------------------------------------------------------------------------------------

/** A field's type: a scalar or enum (`String`, `Int`…), an object type's name, or `[T]`. */
interface FieldSpec {
	type: string;
	/** The arguments it takes, with their types (`!` required). */
	args?: Record<string, string>;
	/** A connection (`first`/`last`, `after`/`before`; `nodes`, `edges`, `pageInfo`). */
	connection?: boolean;
	resolve: (parent: Json, args: Json, context: Context) => unknown;
}

const SCALARS = new Set([
	'ID',
	'String',
	'Int',
	'Float',
	'Boolean',
	'DateTime',
	'URL',
	'UnsignedInt64',
	'Money',
	'Decimal',
	'OrderDisplayFinancialStatus',
	'OrderDisplayFulfillmentStatus',
	'FulfillmentOrderStatus',
	'FulfillmentStatus',
	'CountryCode',
	'OrderSortKeys',
	'ProductVariantSortKeys',
]);

/** The documented values of the enums the stand-in answers with or takes. */
const ENUMS: Record<string, string[]> = {
	OrderSortKeys: [
		'CREATED_AT',
		'CUSTOMER_NAME',
		'FINANCIAL_STATUS',
		'FULFILLMENT_STATUS',
		'ID',
		'ORDER_NUMBER',
		'PROCESSED_AT',
		'RELEVANCE',
		'TOTAL_PRICE',
		'UPDATED_AT',
	],
	ProductVariantSortKeys: ['ID', 'SKU', 'TITLE', 'POSITION', 'RELEVANCE'],
};

/** The input objects the mutations take, field → type, as the reference documents them. */
const INPUTS: Record<string, Record<string, string>> = {
	FulfillmentInput: {
		lineItemsByFulfillmentOrder: '[FulfillmentOrderLineItemsInput!]!',
		notifyCustomer: 'Boolean',
		originAddress: 'Object',
		trackingInfo: 'FulfillmentTrackingInput',
	},
	FulfillmentOrderLineItemsInput: {
		fulfillmentOrderId: 'ID!',
		fulfillmentOrderLineItems: '[FulfillmentOrderLineItemInput!]',
	},
	FulfillmentOrderLineItemInput: { id: 'ID!', quantity: 'Int!' },
	FulfillmentTrackingInput: {
		company: 'String',
		number: 'String',
		numbers: '[String!]',
		url: 'URL',
		urls: '[URL!]',
	},
};

export interface OrderRecords {
	/** The orders held, in the Order resource's REST shape (test/fixtures/storefront/). */
	orders(): Json[];
	order(id: number): Json | undefined;
	/** An order's fulfillment orders, in the REST FulfillmentOrder shape. */
	fulfillmentOrders(orderId: number): Json[];
	/** The fulfillments created, in the REST Fulfillment shape. */
	fulfillments(): Json[];
	/**
	 * A fulfillment created as the REST `POST /fulfillments.json` body asks: the one rule of
	 * fulfilling (open fulfillment orders, the quantities left) for both APIs.
	 */
	createFulfillment(body: Json): { status: number; body: unknown };
	/** The store's variants, as productSet keeps them (./products.ts). */
	products(): Json[];
}

interface Context {
	records: OrderRecords;
}

const upper = (value: unknown) => (value ? String(value).toUpperCase() : null);

const address = (record: unknown): Json | null =>
	isObject(record)
		? {
				firstName: record.first_name ?? null,
				lastName: record.last_name ?? null,
				name: record.name ?? null,
				company: record.company ?? null,
				address1: record.address1 ?? null,
				address2: record.address2 ?? null,
				city: record.city ?? null,
				province: record.province ?? null,
				provinceCode: record.province_code ?? null,
				zip: record.zip ?? null,
				country: record.country ?? null,
				countryCodeV2: record.country_code ?? null,
				phone: record.phone ?? null,
			}
		: null;

const scalar = (key: string, type = 'String'): FieldSpec => ({
	type,
	resolve: (parent) => parent[key] ?? null,
});

const TYPES: Record<string, Record<string, FieldSpec>> = {
	QueryRoot: {
		orders: {
			type: 'Order',
			connection: true,
			args: { query: 'String', sortKey: 'OrderSortKeys', reverse: 'Boolean' },
			resolve: (_parent, args, { records }) => searchOrders(records.orders(), args),
		},
		order: {
			type: 'Order',
			args: { id: 'ID!' },
			resolve: (_parent, args, { records }) => records.order(idOf(args.id, 'Order')) ?? null,
		},
		productVariants: {
			type: 'ProductVariant',
			connection: true,
			args: { query: 'String', sortKey: 'ProductVariantSortKeys', reverse: 'Boolean' },
			resolve: (_parent, _args, { records }) =>
				records.products().flatMap((product) =>
					((product.variants as Json).nodes as Json[]).map((variant) => ({
						...variant,
						product: { id: product.id, title: product.title, handle: product.handle },
					})),
				),
		},
	},
	Order: {
		id: { type: 'ID', resolve: (order) => gid('Order', order.id) },
		legacyResourceId: { type: 'UnsignedInt64', resolve: (order) => String(order.id) },
		name: scalar('name'),
		email: scalar('email'),
		phone: scalar('phone'),
		note: scalar('note'),
		createdAt: scalar('created_at', 'DateTime'),
		updatedAt: scalar('updated_at', 'DateTime'),
		processedAt: scalar('processed_at', 'DateTime'),
		cancelledAt: scalar('cancelled_at', 'DateTime'),
		cancelReason: { type: 'String', resolve: (order) => upper(order.cancel_reason) },
		closedAt: scalar('closed_at', 'DateTime'),
		displayFinancialStatus: {
			type: 'OrderDisplayFinancialStatus',
			resolve: (order) => upper(order.financial_status),
		},
		displayFulfillmentStatus: {
			type: 'OrderDisplayFulfillmentStatus',
			// The REST resource's `fulfillment_status` (null, "partial", "fulfilled", "restocked") as
			// the OrderDisplayFulfillmentStatus enum names each.
			resolve: (order) =>
				order.fulfillment_status === 'partial'
					? 'PARTIALLY_FULFILLED'
					: (upper(order.fulfillment_status) ?? 'UNFULFILLED'),
		},
		tags: {
			type: '[String]',
			resolve: (order) =>
				String(order.tags ?? '')
					.split(',')
					.map((tag) => tag.trim())
					.filter(Boolean),
		},
		shippingAddress: {
			type: 'MailingAddress',
			resolve: (order) => address(order.shipping_address),
		},
		shippingLine: {
			type: 'ShippingLine',
			resolve: (order) => (order.shipping_lines as Json[] | undefined)?.[0] ?? null,
		},
		lineItems: {
			type: 'LineItem',
			connection: true,
			resolve: (order) => (order.line_items as Json[]) ?? [],
		},
		fulfillmentOrders: {
			type: 'FulfillmentOrder',
			connection: true,
			args: { displayable: 'Boolean', includeClosed: 'Boolean', query: 'String' },
			// Shopify lists the closed ones only with includeClosed: true.
			resolve: (order, args, { records }) =>
				records
					.fulfillmentOrders(Number(order.id))
					.filter((entry) => args.includeClosed === true || entry.status !== 'closed')
					.map((entry) => ({ ...entry, order })),
		},
	},
	MailingAddress: Object.fromEntries(
		[
			'firstName',
			'lastName',
			'name',
			'company',
			'address1',
			'address2',
			'city',
			'province',
			'provinceCode',
			'zip',
			'country',
			'countryCodeV2',
			'phone',
		].map((key) => [key, scalar(key)]),
	),
	ShippingLine: { title: scalar('title'), code: scalar('code') },
	LineItem: {
		id: { type: 'ID', resolve: (line) => gid('LineItem', line.id) },
		name: scalar('name'),
		title: scalar('title'),
		variantTitle: scalar('variant_title'),
		sku: scalar('sku'),
		quantity: scalar('quantity', 'Int'),
		currentQuantity: {
			type: 'Int',
			resolve: (line) => line.current_quantity ?? line.quantity ?? 0,
		},
		unfulfilledQuantity: {
			type: 'Int',
			resolve: (line) => line.fulfillable_quantity ?? 0,
		},
	},
	FulfillmentOrder: {
		id: { type: 'ID', resolve: (entry) => gid('FulfillmentOrder', entry.id) },
		status: { type: 'FulfillmentOrderStatus', resolve: (entry) => upper(entry.status) },
		requestStatus: { type: 'String', resolve: (entry) => upper(entry.request_status) },
		lineItems: {
			type: 'FulfillmentOrderLineItem',
			connection: true,
			resolve: (entry) =>
				((entry.line_items as Json[]) ?? []).map((line) => ({ ...line, order: entry.order })),
		},
	},
	FulfillmentOrderLineItem: {
		id: { type: 'ID', resolve: (line) => gid('FulfillmentOrderLineItem', line.id) },
		totalQuantity: scalar('quantity', 'Int'),
		remainingQuantity: scalar('fulfillable_quantity', 'Int'),
		lineItem: {
			type: 'LineItem',
			resolve: (line) =>
				((line.order as Json).line_items as Json[]).find(
					(entry) => entry.id === line.line_item_id,
				) ?? null,
		},
	},
	Fulfillment: {
		id: { type: 'ID', resolve: (entry) => gid('Fulfillment', entry.id) },
		name: scalar('name'),
		status: { type: 'FulfillmentStatus', resolve: (entry) => upper(entry.status) },
		createdAt: scalar('created_at', 'DateTime'),
		trackingInfo: {
			type: '[FulfillmentTrackingInfo]',
			resolve: (entry) =>
				entry.tracking_number || entry.tracking_url
					? [
							{
								company: entry.tracking_company ?? null,
								number: entry.tracking_number ?? null,
								url: entry.tracking_url ?? null,
							},
						]
					: [],
		},
	},
	FulfillmentTrackingInfo: {
		company: scalar('company'),
		number: scalar('number'),
		url: scalar('url'),
	},
	ProductVariant: {
		id: scalar('id', 'ID'),
		title: scalar('title'),
		sku: scalar('sku'),
		price: scalar('price', 'Money'),
		displayName: {
			type: 'String',
			resolve: (variant) => `${String((variant.product as Json).title)} - ${String(variant.title)}`,
		},
		selectedOptions: { type: '[SelectedOption]', resolve: (variant) => variant.selectedOptions },
		product: { type: 'Product', resolve: (variant) => variant.product },
	},
	SelectedOption: { name: scalar('name'), value: scalar('value') },
	Product: { id: scalar('id', 'ID'), title: scalar('title'), handle: scalar('handle') },
	PageInfo: {
		hasNextPage: scalar('hasNextPage', 'Boolean'),
		hasPreviousPage: scalar('hasPreviousPage', 'Boolean'),
		startCursor: scalar('startCursor'),
		endCursor: scalar('endCursor'),
	},
	UserError: { field: scalar('field', '[String]'), message: scalar('message') },
	Node: { id: scalar('id', 'ID') },
	FulfillmentCreatePayload: {
		fulfillment: scalar('fulfillment', 'Fulfillment'),
		userErrors: scalar('userErrors', '[UserError]'),
	},
	TagsAddPayload: { node: scalar('node', 'Node'), userErrors: scalar('userErrors', '[UserError]') },
	Mutation: {
		fulfillmentCreate: {
			type: 'FulfillmentCreatePayload',
			args: { fulfillment: 'FulfillmentInput!', message: 'String' },
			resolve: (_parent, args, { records }) => fulfillmentCreate(records, args.fulfillment as Json),
		},
		tagsAdd: {
			type: 'TagsAddPayload',
			args: { id: 'ID!', tags: '[String!]!' },
			resolve: (_parent, args, { records }) => tagsAdd(records, args),
		},
	},
};

/** A connection's own arguments, on every connection field. */
const CONNECTION_ARGS = { first: 'Int', last: 'Int', after: 'String', before: 'String' };
/** Shopify's most nodes a connection gives in one page. */
const MAX_PAGE = 250;

// ---------------------------------------------------------------------------------------------
// The operations' rules
// ---------------------------------------------------------------------------------------------

/**
 * The `orders` query's search syntax ("Shopify API search syntax", shopify.dev/docs/api/usage/
 * search-syntax): space-separated terms, all of which must hold; `field:value`, with `>`, `>=`, `<`,
 * `<=` before a date; the fields the examples use: `created_at`, `updated_at`, `financial_status`,
 * `status` (open, closed, cancelled) and `id`. Shopify ignores a field it does not know (and says so
 * in `extensions.search`); the stand-in refuses it, so that a test sees the typo.
 */
function searchOrders(orders: Json[], args: Json): Json[] {
	const terms = String(args.query ?? '')
		.split(/\s+(?:AND\s+)?/)
		.filter(Boolean);
	let matching = orders;
	for (const term of terms) {
		const match = /^(\w+):(>=|<=|>|<)?(.+)$/.exec(term);
		if (!match) throw new QueryProblem(`The stand-in does not take the search term "${term}"`);
		const [, field, comparator = ':', raw] = match;
		const wanted = raw.replace(/^['"]|['"]$/g, '');
		const dated = (key: string) => (order: Json) => {
			const time = Date.parse(String(order[key]));
			const bound = Date.parse(wanted);
			if (Number.isNaN(bound)) throw new QueryProblem(`"${wanted}" is not a date`);
			return comparator === '>='
				? time >= bound
				: comparator === '>'
					? time > bound
					: comparator === '<='
						? time <= bound
						: comparator === '<'
							? time < bound
							: new Date(time).toISOString().slice(0, 10) === wanted.slice(0, 10);
		};
		const statusOf = (order: Json) =>
			order.cancelled_at ? 'cancelled' : order.closed_at ? 'closed' : 'open';
		const test: Record<string, (order: Json) => boolean> = {
			created_at: dated('created_at'),
			updated_at: dated('updated_at'),
			financial_status: (order) => String(order.financial_status) === wanted.toLowerCase(),
			status: (order) => statusOf(order) === wanted.toLowerCase(),
			id: (order) => String(order.id) === wanted,
		};
		if (!test[field]) throw new QueryProblem(`The stand-in does not search orders by ${field}`);
		matching = matching.filter(test[field]);
	}
	const sortKey = String(args.sortKey ?? 'ID');
	const key = (order: Json): number =>
		sortKey === 'CREATED_AT'
			? Date.parse(String(order.created_at))
			: sortKey === 'UPDATED_AT'
				? Date.parse(String(order.updated_at))
				: sortKey === 'PROCESSED_AT'
					? Date.parse(String(order.processed_at ?? order.created_at))
					: Number(order.id);
	const sorted = [...matching].sort((a, b) => key(a) - key(b) || Number(a.id) - Number(b.id));
	return args.reverse === true ? sorted.reverse() : sorted;
}

const userError = (field: string[], message: string) => ({ field, message });

/**
 * fulfillmentCreate: each `lineItemsByFulfillmentOrder` entry names a fulfillment order by its GID
 * and, optionally, which of its line items and how many; the reference: "If left blank, all line
 * items of the fulfillment order will be fulfilled" (so are an empty list's). Run through the one
 * rule of fulfilling the REST path has; its refusals come back as `userErrors`.
 */
function fulfillmentCreate(records: OrderRecords, input: Json): Json {
	const groups = (input.lineItemsByFulfillmentOrder as Json[]).map((group) => ({
		fulfillment_order_id: idOf(group.fulfillmentOrderId, 'FulfillmentOrder'),
		...(Array.isArray(group.fulfillmentOrderLineItems) && group.fulfillmentOrderLineItems.length
			? {
					fulfillment_order_line_items: (group.fulfillmentOrderLineItems as Json[]).map((line) => ({
						id: idOf(line.id, 'FulfillmentOrderLineItem'),
						quantity: line.quantity,
					})),
				}
			: {}),
	}));
	const tracking = isObject(input.trackingInfo) ? input.trackingInfo : {};
	const numbers = tracking.numbers as string[] | undefined;
	const urls = tracking.urls as string[] | undefined;
	const reply = records.createFulfillment({
		fulfillment: {
			notify_customer: input.notifyCustomer === true,
			tracking_info: {
				number: tracking.number ?? numbers?.[0],
				url: tracking.url ?? urls?.[0],
				company: tracking.company,
			},
			line_items_by_fulfillment_order: groups,
		},
	});
	if (reply.status >= 300) {
		const errors = (reply.body as Json).errors;
		const message =
			reply.status === 404
				? 'Fulfillment order does not exist.'
				: Array.isArray(errors)
					? String(errors[0])
					: String(errors);
		return { fulfillment: null, userErrors: [userError(['fulfillment'], message)] };
	}
	return { fulfillment: (reply.body as Json).fulfillment, userErrors: [] };
}

/** tagsAdd: the tags the order has not yet, added to its own (Shopify keeps them unique). */
function tagsAdd(records: OrderRecords, args: Json): Json {
	const order = records.order(idOf(args.id, 'Order'));
	if (!order) return { node: null, userErrors: [userError(['id'], 'Order does not exist')] };
	const tags = String(order.tags ?? '')
		.split(',')
		.map((tag) => tag.trim())
		.filter(Boolean);
	for (const tag of args.tags as string[]) {
		const trimmed = tag.trim();
		if (trimmed && !tags.some((held) => held.toLowerCase() === trimmed.toLowerCase())) {
			tags.push(trimmed);
		}
	}
	order.tags = tags.join(', ');
	order.updated_at = new Date().toISOString().replace(/\.\d{3}Z$/, '-00:00');
	return { node: { id: gid('Order', order.id) }, userErrors: [] };
}

// ---------------------------------------------------------------------------------------------
// Executing a document: values, selections, connections, cost
// ---------------------------------------------------------------------------------------------

class QueryProblem extends Error {
	constructor(
		message: string,
		readonly extensions: Json = {},
	) {
		super(message);
	}
}

/** What is wrong with a value for a type (graphql-ruby's wording), or undefined. */
function problemOf(value: unknown, type: string, path: string): string | undefined {
	const required = type.endsWith('!');
	const bare = required ? type.slice(0, -1) : type;
	if (value === null || value === undefined) {
		return required ? `${path || 'value'}: Expected value to not be null` : undefined;
	}
	const list = /^\[(.+)\]$/.exec(bare);
	if (list) {
		const items = Array.isArray(value) ? value : [value];
		if (items.length > MAX_PAGE)
			return `${path}: The input array size of ${items.length} is greater than the maximum allowed of ${MAX_PAGE}.`;
		for (const [index, item] of items.entries()) {
			const problem = problemOf(item, list[1], `${path}.${index}`);
			if (problem) return problem;
		}
		return undefined;
	}
	const wrong = `${path || 'value'}: Could not coerce value ${JSON.stringify(value)} to ${bare}`;
	switch (bare) {
		case 'Int':
			return Number.isInteger(value) ? undefined : wrong;
		case 'Boolean':
			return typeof value === 'boolean' ? undefined : wrong;
		case 'Object':
			return isObject(value) ? undefined : wrong;
		case 'ID':
		case 'String':
		case 'URL':
			return typeof value === 'string' ? undefined : wrong;
	}
	if (ENUMS[bare]) {
		return ENUMS[bare].includes(String(value))
			? undefined
			: `${path}: Expected "${String(value)}" to be one of: ${ENUMS[bare].join(', ')}`;
	}
	const fields = INPUTS[bare];
	if (!fields) return undefined;
	if (!isObject(value)) return wrong;
	for (const key of Object.keys(value)) {
		if (!(key in fields)) return `${path ? `${path}.` : ''}${key}: Field is not defined on ${bare}`;
	}
	for (const [key, fieldType] of Object.entries(fields)) {
		const problem = problemOf(value[key], fieldType, path ? `${path}.${key}` : key);
		if (problem) return problem;
	}
	return undefined;
}

function valueOf(value: Value, variables: Json): unknown {
	switch (value.kind) {
		case 'variable':
			return variables[value.name];
		case 'literal':
			return value.value;
		case 'list':
			return value.values.map((entry) => valueOf(entry, variables));
		case 'object':
			return Object.fromEntries(
				Object.entries(value.fields).map(([key, entry]) => [key, valueOf(entry, variables)]),
			);
	}
}

const baseType = (type: string) => type.replace(/[[\]!]/g, '');
const isLeaf = (type: string) => SCALARS.has(baseType(type));

function argumentsOf(field: Field, spec: FieldSpec, typeName: string, variables: Json): Json {
	const allowed: Record<string, string> = {
		...(spec.connection ? CONNECTION_ARGS : {}),
		...spec.args,
	};
	for (const name of Object.keys(field.args)) {
		if (!(name in allowed)) {
			throw new QueryProblem(`Field '${field.name}' doesn't accept argument '${name}'`, {
				code: 'argumentNotAccepted',
				name: field.name,
				typeName: 'Field',
				argumentName: name,
			});
		}
	}
	const args: Json = {};
	for (const [name, type] of Object.entries(allowed)) {
		const raw = field.args[name];
		const value = raw === undefined ? undefined : valueOf(raw, variables);
		const problem = problemOf(value, type, '');
		if (problem) {
			throw new QueryProblem(
				`Argument '${name}' on Field '${field.name}' has an invalid value (${JSON.stringify(value)}). ${problem}`,
				{ code: 'argumentLiteralsIncompatible', typeName: typeName, argumentName: name },
			);
		}
		// A null argument is no argument (`after: null` on the first page).
		if (value !== undefined && value !== null) args[name] = value;
	}
	if (spec.connection) {
		const count = (args.first ?? args.last) as number | undefined;
		if (count === undefined) {
			throw new QueryProblem('you must provide one of first or last', { code: 'BAD_REQUEST' });
		}
		if (count < 0 || count > MAX_PAGE) {
			throw new QueryProblem(
				`${args.first !== undefined ? 'first' : 'last'} must be between 0 and ${MAX_PAGE}`,
				{
					code: 'BAD_REQUEST',
				},
			);
		}
	}
	return args;
}

/** The documented requested cost of a selection on a type (before it runs). */
function requestedCost(fields: Field[], typeName: string, variables: Json): number {
	let cost = 0;
	for (const field of fields) {
		const spec = TYPES[typeName]?.[field.name];
		if (!spec || isLeaf(spec.type)) continue;
		const child = requestedCost(field.selections, baseType(spec.type), variables);
		if (spec.connection) {
			const count =
				Number(
					valueOf(field.args.first ?? field.args.last ?? { kind: 'literal', value: 0 }, variables),
				) || 0;
			const nodeSelection = field.selections.filter((entry) => entry.name !== 'pageInfo');
			const perNode = connectionNodeCost(nodeSelection, baseType(spec.type), variables);
			cost += 2 + count * perNode;
		} else {
			cost += 1 + child;
		}
	}
	return cost;
}

/** One node of a connection: an object, whether asked through `nodes` or `edges { node }`. */
function connectionNodeCost(fields: Field[], typeName: string, variables: Json): number {
	let most = 0;
	for (const field of fields) {
		const inner =
			field.name === 'edges'
				? field.selections
						.filter((entry) => entry.name === 'node')
						.flatMap((entry) => entry.selections)
				: field.selections;
		most = Math.max(most, 1 + requestedCost(inner, typeName, variables));
	}
	return most;
}

/**
 * A cursor names the node it stands at (its ID), opaque to the client as Shopify's are: a page
 * read after orders came in or left goes on after the same order, not after the same place.
 */
const cursorOf = (node: unknown) =>
	Buffer.from(JSON.stringify({ id: (node as Json).id }), 'utf8').toString('base64url');
const indexOf = (list: unknown[], cursor: unknown): number => {
	let id: unknown;
	try {
		id = (JSON.parse(Buffer.from(String(cursor), 'base64url').toString('utf8')) as Json).id;
	} catch {
		// Not a cursor of the stand-in's: refused below, as Shopify refuses one it did not issue.
	}
	const index = id === undefined ? -1 : list.findIndex((node) => (node as Json).id === id);
	if (index < 0) {
		throw new QueryProblem('Invalid cursor for current pagination sort.', { code: 'BAD_REQUEST' });
	}
	return index;
};

/** A connection's page of a list. */
function page(list: unknown[], args: Json) {
	let from = args.after !== undefined ? indexOf(list, args.after) + 1 : 0;
	let to = args.before !== undefined ? indexOf(list, args.before) : list.length;
	if (args.first !== undefined) to = Math.min(to, from + Number(args.first));
	else if (args.last !== undefined) from = Math.max(from, to - Number(args.last));
	const entries = list.slice(from, to);
	return {
		entries,
		pageInfo: {
			hasNextPage: to < list.length,
			hasPreviousPage: from > 0,
			startCursor: entries.length ? cursorOf(entries[0]) : null,
			endCursor: entries.length ? cursorOf(entries[entries.length - 1]) : null,
		},
	};
}

interface Executed {
	data: unknown;
	cost: number;
}

function select(
	source: Json,
	fields: Field[],
	typeName: string,
	variables: Json,
	context: Context,
	path: string[],
): Executed {
	const data: Json = {};
	let cost = 0;
	for (const field of fields) {
		if (field.name === '__typename') {
			data[field.alias] = typeName;
			continue;
		}
		const spec = TYPES[typeName]?.[field.name];
		if (!spec) {
			throw new QueryProblem(`Field '${field.name}' doesn't exist on type '${typeName}'`, {
				code: 'undefinedField',
				typeName,
				fieldName: field.name,
			});
		}
		const args = argumentsOf(field, spec, typeName, variables);
		const resolved = spec.resolve(source, args, context);
		const type = baseType(spec.type);
		if (isLeaf(spec.type)) {
			if (field.selections.length) {
				throw new QueryProblem(
					`Selections can't be made on scalars (field '${field.name}' returns ${type} but has selections [${field.selections.map((entry) => entry.name).join(', ')}])`,
					{ code: 'selectionMismatch' },
				);
			}
			data[field.alias] = resolved ?? null;
			continue;
		}
		if (!field.selections.length) {
			throw new QueryProblem(
				`Field must have selections (field '${field.name}' returns ${spec.connection ? `${type}Connection` : type} but has no selections. Did you mean '${field.name} { ... }'?)`,
				{ code: 'selectionMismatch' },
			);
		}
		const here = [...path, field.alias];
		if (spec.connection) {
			const { entries, pageInfo } = page((resolved as unknown[]) ?? [], args);
			const connection: Json = {};
			let nodeCost = 0;
			for (const part of field.selections) {
				if (part.name === 'pageInfo') {
					connection[part.alias] = select(
						pageInfo,
						part.selections,
						'PageInfo',
						variables,
						context,
						here,
					).data;
				} else if (part.name === 'nodes') {
					connection[part.alias] = entries.map((node) => {
						const one = select(node as Json, part.selections, type, variables, context, here);
						nodeCost = Math.max(nodeCost, one.cost);
						return one.data;
					});
				} else if (part.name === 'edges') {
					connection[part.alias] = entries.map((node) => {
						const edge: Json = {};
						for (const inner of part.selections) {
							if (inner.name === 'cursor') edge[inner.alias] = cursorOf(node);
							else if (inner.name === 'node') {
								const one = select(node as Json, inner.selections, type, variables, context, here);
								nodeCost = Math.max(nodeCost, one.cost);
								edge[inner.alias] = one.data;
							} else {
								throw new QueryProblem(
									`Field '${inner.name}' doesn't exist on type '${type}Edge'`,
									{ code: 'undefinedField' },
								);
							}
						}
						return edge;
					});
				} else {
					throw new QueryProblem(`Field '${part.name}' doesn't exist on type '${type}Connection'`, {
						code: 'undefinedField',
					});
				}
			}
			data[field.alias] = connection;
			cost += 2 + entries.length * (1 + nodeCost);
			continue;
		}
		if (resolved === null || resolved === undefined) {
			data[field.alias] = null;
			continue;
		}
		if (Array.isArray(resolved)) {
			data[field.alias] = resolved.map(
				(entry) => select(entry as Json, field.selections, type, variables, context, here).data,
			);
			cost += 1;
			continue;
		}
		const one = select(resolved as Json, field.selections, type, variables, context, here);
		data[field.alias] = one.data;
		cost += 1 + one.cost;
	}
	return { data, cost };
}

// ---------------------------------------------------------------------------------------------
// The endpoint: parse, throttle, run
// ---------------------------------------------------------------------------------------------

export interface ThrottleOptions {
	/** The bucket, `throttleStatus.maximumAvailable` (Standard plan: 2,000). */
	maximumAvailable?: number;
	/** Points restored a second (Standard plan: 100). */
	restoreRate?: number;
}

/** The most a single query may cost, whatever the plan. */
export const SINGLE_QUERY_MAX_COST = 1000;
/** What a mutation costs. */
const MUTATION_COST = 10;

export interface AdminGraphql {
	/** Whether the document is one of these (orders, fulfillments, tags, variants). */
	handles(body: unknown): boolean;
	answer(body: unknown): { status: number; body: unknown };
	/** The bucket's points now. */
	available(): number;
	/** Empty the bucket (a test's busy store). */
	drain(): void;
	/** Every answer that was THROTTLED. */
	throttled: number;
}

/** The root fields this module answers; any other document goes to ./products.ts. */
const ROOTS = new Set([...Object.keys(TYPES.QueryRoot), ...Object.keys(TYPES.Mutation)]);

export function adminGraphql(records: OrderRecords, options: ThrottleOptions = {}): AdminGraphql {
	const maximumAvailable = options.maximumAvailable ?? 2000;
	const restoreRate = options.restoreRate ?? 100;
	let available = maximumAvailable;
	let at = Date.now();
	const refill = () => {
		const now = Date.now();
		available = Math.min(maximumAvailable, available + ((now - at) / 1000) * restoreRate);
		at = now;
	};
	const throttleStatus = () => ({
		maximumAvailable,
		currentlyAvailable: Math.floor(available),
		restoreRate,
	});
	const state = { throttled: 0 };

	const answer = (body: unknown): { status: number; body: unknown } => {
		const request = isObject(body) ? body : {};
		const source = typeof request.query === 'string' ? request.query : '';
		const failed = (message: string, extensions: Json = {}) => ({
			status: 200,
			body: { errors: [{ message, locations: [{ line: 1, column: 1 }], extensions }] },
		});
		let operations: Operation[];
		try {
			operations = parse(source);
		} catch (error) {
			return failed((error as Error).message, { code: 'parseError' });
		}
		const chosen = operations.length === 1 ? operations[0] : undefined;
		if (!chosen) return failed('An operation name is required', { code: 'operationNameRequired' });
		const given = isObject(request.variables) ? request.variables : {};
		const variables: Json = {};
		for (const [name, { type, defaultValue }] of Object.entries(chosen.variables)) {
			const value =
				name in given ? given[name] : defaultValue ? valueOf(defaultValue, {}) : undefined;
			const problem = problemOf(value, type, '');
			if (problem) {
				return failed(`Variable $${name} of type ${type} was provided invalid value (${problem})`, {
					code: 'INVALID_VARIABLE',
					value,
				});
			}
			variables[name] = value;
		}
		const rootType = chosen.type === 'mutation' ? 'Mutation' : 'QueryRoot';
		const requested =
			chosen.type === 'mutation'
				? MUTATION_COST * chosen.selections.length
				: requestedCost(chosen.selections, rootType, variables);
		refill();
		if (requested > SINGLE_QUERY_MAX_COST) {
			return {
				status: 200,
				body: {
					errors: [
						{
							message: `Query cost is ${requested}, which exceeds the single query max cost limit (${SINGLE_QUERY_MAX_COST}).`,
							extensions: {
								code: 'MAX_COST_EXCEEDED',
								cost: requested,
								maxCost: SINGLE_QUERY_MAX_COST,
								documentation: 'https://shopify.dev/api/usage/limits#rate-limits',
							},
						},
					],
				},
			};
		}
		if (requested > available) {
			state.throttled++;
			return {
				status: 200,
				body: {
					errors: [
						{
							message: 'Throttled',
							extensions: {
								code: 'THROTTLED',
								documentation: 'https://shopify.dev/api/usage/rate-limits',
							},
						},
					],
					extensions: {
						cost: {
							requestedQueryCost: requested,
							actualQueryCost: null,
							throttleStatus: throttleStatus(),
						},
					},
				},
			};
		}
		available -= requested;
		const context: Context = { records };
		try {
			const { data, cost } = select({}, chosen.selections, rootType, variables, context, []);
			const actual = chosen.type === 'mutation' ? requested : Math.min(cost, requested);
			available = Math.min(maximumAvailable, available + (requested - actual));
			return {
				status: 200,
				body: {
					data,
					extensions: {
						cost: {
							requestedQueryCost: requested,
							actualQueryCost: actual,
							throttleStatus: throttleStatus(),
						},
					},
				},
			};
		} catch (error) {
			// A refused document costs nothing: Shopify validates before it runs.
			available = Math.min(maximumAvailable, available + requested);
			// Anything else is the stand-in's own fault, answered as Shopify answers its own.
			return error instanceof QueryProblem
				? failed(error.message, error.extensions)
				: failed(`Internal error. Looks like something went wrong on our end. (${String(error)})`, {
						code: 'INTERNAL_SERVER_ERROR',
					});
		}
	};

	return {
		handles(body) {
			const source = isObject(body) && typeof body.query === 'string' ? body.query : '';
			try {
				const [operation] = parse(source);
				return operation ? operation.selections.some((field) => ROOTS.has(field.name)) : false;
			} catch {
				return false;
			}
		},
		answer,
		available: () => {
			refill();
			return available;
		},
		drain: () => {
			refill();
			available = 0;
		},
		get throttled() {
			return state.throttled;
		},
	};
}
