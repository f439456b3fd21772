/**
 * The product endpoints of the storefront stand-ins (scripts/storefronts.ts): what the publish
 * examples write (examples/shopify-publish-product.json, examples/woocommerce-publish-product.json)
 * and what the set-up check examples read (examples/*-check-store.json). Each stand-in keeps what
 * it receives, so that a test builds a storefront order from the variants a publish made
 * (`orderLine`), as a customer's checkout would. The sources of every shape are in
 * test/fixtures/storefront/README.md ("Products").
 *
 * - Shopify: the GraphQL Admin API (`POST /admin/api/2026-07/graphql.json`), mutations `productSet`
 *   (its `files` the product's media) and `stagedUploadsCreate` (the targets: media.ts), and query
 *   `productByIdentifier`, variables validated against the documented input objects
 *   (an unknown field or a wrong type is refused as Shopify's GraphQL refuses a variable); and the
 *   REST product list n8n's Shopify node reads (`GET /products.json`, `GET /products/{id}.json`).
 * - WooCommerce: `GET/POST /products`, `GET/PUT /products/{id}`, `GET /products/{id}/variations`
 *   and `POST /products/{id}/variations/batch`, the writable properties of the documented product
 *   and variation only (a real store ignores an unknown property; the stand-in refuses it, so
 *   that a test sees a misspelt one); a product's `images` by the WordPress media library's IDs,
 *   or by a `src` it downloads (media.ts holds the library).
 */

import type { ShopifyStagedUploads, WordpressMedia } from './media';

type Json = Record<string, unknown>;

export interface ProductReply {
	status: number;
	body: unknown;
	headers?: Record<string, string>;
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const isObject = (value: unknown): value is Json =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

// ---------------------------------------------------------------------------------------------
// Shopify: GraphQL Admin API, productSet and productByIdentifier
// ---------------------------------------------------------------------------------------------

/** An input field's type: a scalar or enum, a named input object, or a list of one. */
type FieldType = string;

/**
 * The input objects productSet and productByIdentifier take, as the GraphQL Admin API reference
 * documents them (2026-07): field → type; `!` required, `[T]` a list. Types marked `Object` are
 * input objects the examples never send, taken as any object.
 */
const INPUT_OBJECTS: Record<string, Record<string, FieldType>> = {
	ProductSetInput: {
		category: 'ID',
		claimOwnership: 'Object',
		collections: '[ID]',
		combinedListingRole: 'CombinedListingsRole',
		descriptionHtml: 'String',
		files: '[FileSetInput]',
		giftCard: 'Boolean',
		giftCardTemplateSuffix: 'String',
		handle: 'String',
		id: 'ID',
		metafields: '[MetafieldInput]',
		productOptions: '[OptionSetInput]',
		productType: 'String',
		redirectNewHandle: 'Boolean',
		requiresSellingPlan: 'Boolean',
		seo: 'SEOInput',
		status: 'ProductStatus',
		tags: '[String]',
		templateSuffix: 'String',
		title: 'String',
		variants: '[ProductVariantSetInput]',
		vendor: 'String',
	},
	ProductSetIdentifiers: { customId: 'Object', handle: 'String', id: 'ID' },
	ProductIdentifierInput: { customId: 'Object', handle: 'String', id: 'ID' },
	OptionSetInput: {
		id: 'ID',
		linkedMetafield: 'Object',
		name: 'String',
		position: 'Int',
		values: '[OptionValueSetInput]',
	},
	OptionValueSetInput: { id: 'ID', linkedMetafieldValue: 'String', name: 'String' },
	ProductVariantSetInput: {
		barcode: 'String',
		compareAtPrice: 'Money',
		file: 'FileSetInput',
		id: 'ID',
		inventoryItem: 'InventoryItemInput',
		inventoryPolicy: 'ProductVariantInventoryPolicy',
		inventoryQuantities: '[ProductSetInventoryInput]',
		metafields: '[MetafieldInput]',
		optionValues: '[VariantOptionValueInput]!',
		position: 'Int',
		price: 'Money',
		requiresComponents: 'Boolean',
		showUnitPrice: 'Boolean',
		sku: 'String',
		taxable: 'Boolean',
		taxCode: 'String',
		unitPriceMeasurement: 'Object',
	},
	VariantOptionValueInput: {
		id: 'ID',
		linkedMetafieldValue: 'String',
		name: 'String',
		optionId: 'ID',
		optionName: 'String',
	},
	InventoryItemInput: {
		cost: 'Decimal',
		countryCodeOfOrigin: 'String',
		countryHarmonizedSystemCodes: '[Object]',
		harmonizedSystemCode: 'String',
		measurement: 'Object',
		provinceCodeOfOrigin: 'String',
		requiresShipping: 'Boolean',
		sku: 'String',
		tracked: 'Boolean',
	},
	ProductSetInventoryInput: { locationId: 'ID!', name: 'String!', quantity: 'Int!' },
	MetafieldInput: {
		description: 'String',
		id: 'ID',
		key: 'String',
		namespace: 'String',
		type: 'String',
		value: 'String',
	},
	FileSetInput: {
		alt: 'String',
		contentType: 'FileContentType',
		duplicateResolutionMode: 'FileCreateInputDuplicateResolutionMode',
		filename: 'String',
		id: 'ID',
		originalSource: 'String',
	},
	StagedUploadInput: {
		filename: 'String!',
		fileSize: 'String',
		httpMethod: 'StagedUploadHttpMethodType',
		mimeType: 'String!',
		resource: 'StagedUploadTargetGenerateUploadResource!',
	},
	SEOInput: { description: 'String', title: 'String' },
};

const ENUMS: Record<string, string[]> = {
	ProductStatus: ['ACTIVE', 'ARCHIVED', 'DRAFT'],
	ProductVariantInventoryPolicy: ['DENY', 'CONTINUE'],
	CombinedListingsRole: ['PARENT', 'CHILD'],
	FileContentType: ['EXTERNAL_VIDEO', 'FILE', 'IMAGE', 'MODEL_3D', 'VIDEO'],
	FileCreateInputDuplicateResolutionMode: ['APPEND_UUID', 'RAISE_ERROR', 'REPLACE'],
	StagedUploadHttpMethodType: ['POST', 'PUT'],
	StagedUploadTargetGenerateUploadResource: [
		'BULK_MUTATION_VARIABLES',
		'COLLECTION_IMAGE',
		'DISPUTE_FILE_UPLOAD',
		'FILE',
		'IMAGE',
		'MODEL_3D',
		'PRODUCT_IMAGE',
		'RETURN_LABEL',
		'SHOP_IMAGE',
		'URL_REDIRECT_IMPORT',
		'VIDEO',
	],
};

export interface Problem {
	path: Array<string | number>;
	explanation: string;
}

/** What is wrong with a value of a type, as graphql-ruby's "problems" name it. */
function problemsOf(value: unknown, type: FieldType, path: Array<string | number>): Problem[] {
	const required = type.endsWith('!');
	const bare = required ? type.slice(0, -1) : type;
	if (value === null || value === undefined) {
		return required ? [{ path, explanation: 'Expected value to not be null' }] : [];
	}
	const list = /^\[(.+)\]$/.exec(bare);
	if (list) {
		// GraphQL takes a single value where a list is expected as a list of one.
		const items = Array.isArray(value) ? value : [value];
		return items.flatMap((item, index) => problemsOf(item, list[1], [...path, index]));
	}
	const wrong = (expected: string) => [
		{ path, explanation: `Could not coerce value ${JSON.stringify(value)} to ${expected}` },
	];
	switch (bare) {
		case 'String':
		case 'ID':
			return typeof value === 'string' ? [] : wrong(bare);
		case 'Int':
			return Number.isInteger(value) ? [] : wrong('Int');
		case 'Boolean':
			return typeof value === 'boolean' ? [] : wrong('Boolean');
		case 'Money':
		case 'Decimal':
			// Shopify's decimal scalars are strings ("100.57" in the reference's examples).
			return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? [] : wrong(bare);
		case 'Object':
			return isObject(value) ? [] : wrong('an input object');
	}
	if (ENUMS[bare]) {
		return typeof value === 'string' && ENUMS[bare].includes(value)
			? []
			: [
					{
						path,
						explanation: `Expected "${String(value)}" to be one of: ${ENUMS[bare].join(', ')}`,
					},
				];
	}
	const fields = INPUT_OBJECTS[bare];
	if (!isObject(value)) return wrong(bare);
	const problems: Problem[] = [];
	for (const key of Object.keys(value)) {
		if (!(key in fields)) {
			problems.push({ path: [...path, key], explanation: `Field is not defined on ${bare}` });
		}
	}
	for (const [key, fieldType] of Object.entries(fields)) {
		problems.push(...problemsOf(value[key], fieldType, [...path, key]));
	}
	return problems;
}

/** A GraphQL variable refused, as Shopify answers it (HTTP 200, `errors`). */
function invalidVariable(name: string, type: string, value: unknown, problems: Problem[]) {
	const first = problems[0];
	return {
		status: 200,
		body: {
			errors: [
				{
					message: `Variable $${name} of type ${type} was provided invalid value${first.path.length ? ` for ${first.path.join('.')}` : ''} (${first.explanation})`,
					locations: [{ line: 1, column: 1 }],
					extensions: { code: 'INVALID_VARIABLE', value, problems },
				},
			],
		},
	};
}

/** A variant as the stand-in holds it. */
interface ShopifyVariant {
	id: number;
	inventoryItemId: number;
	sku: string | null;
	price: string;
	compareAtPrice: string | null;
	position: number;
	/** Option name → value name, in the product's option order. */
	options: Array<{ name: string; value: string }>;
	inventoryPolicy: 'DENY' | 'CONTINUE';
	tracked: boolean;
	/** Always 0: the stand-in holds no stock; a tracked variant under DENY is sold out. */
	inventoryQuantity: number;
	createdAt: string;
	updatedAt: string;
}

interface ShopifyProduct {
	id: number;
	handle: string;
	title: string;
	descriptionHtml: string;
	status: string;
	vendor: string;
	productType: string;
	tags: string[];
	options: Array<{ id: number; name: string; values: string[] }>;
	variants: ShopifyVariant[];
	media: ShopifyMedia[];
	createdAt: string;
	updatedAt: string;
}

/** A product's image as the stand-in holds it (MediaImage). */
interface ShopifyMedia {
	id: number;
	alt: string;
	/** MediaStatus: READY once its file is read, FAILED when it could not be downloaded. */
	status: 'READY' | 'FAILED';
	originalSource: string;
	mediaErrors: Json[];
}

const gid = (type: string, id: number) => `gid://shopify/${type}/${id}`;
const numericId = (value: unknown) => Number(/(\d+)$/.exec(String(value))?.[1] ?? NaN);
const slug = (text: string) =>
	text
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '');

/** A variant's sale state as the storefront shows it. */
const availableForSale = (variant: ShopifyVariant) =>
	!variant.tracked || variant.inventoryPolicy === 'CONTINUE' || variant.inventoryQuantity > 0;

export interface ShopifyProducts {
	/** A product request under `/admin/api/<version>`, or undefined when it is none. */
	route(
		method: string,
		rest: string,
		query: URLSearchParams,
		body: unknown,
	): ProductReply | undefined;
	/** productSet as the API runs it: the stand-in's way to seed a store, and the test's check. */
	set(input: Json, identifier?: Json): { product?: Json; userErrors: Json[] };
	/** The products held, in the GraphQL shape productSet answers with. */
	products(): Json[];
	/** Remove every product (a test's fresh store). */
	clearProducts(): void;
	/**
	 * An order's line item for a variant held, in the Order resource's shape
	 * (test/fixtures/storefront/shopify-orders-create.json): what a checkout of it gives.
	 */
	orderLine(variantId: number, quantity: number): Json;
}

export function shopifyProducts(now: () => string, staged: ShopifyStagedUploads): ShopifyProducts {
	const products = new Map<number, ShopifyProduct>();
	let nextMediaId = 30072000001;
	let nextProductId = 8072000001;
	let nextVariantId = 44072000001;
	let nextOptionId = 10072000001;
	let nextLineId = 1466157001;

	const variantTitle = (variant: ShopifyVariant) =>
		variant.options.length
			? variant.options.map((option) => option.value).join(' / ')
			: 'Default Title';

	const graphqlProduct = (product: ShopifyProduct): Json => ({
		id: gid('Product', product.id),
		handle: product.handle,
		title: product.title,
		descriptionHtml: product.descriptionHtml,
		status: product.status,
		options: product.options.map((option, index) => ({
			id: gid('ProductOption', option.id),
			name: option.name,
			position: index + 1,
			optionValues: option.values.map((name) => ({ name })),
		})),
		variants: {
			nodes: product.variants.map((variant) => ({
				id: gid('ProductVariant', variant.id),
				title: variantTitle(variant),
				sku: variant.sku,
				price: variant.price,
				position: variant.position,
				inventoryPolicy: variant.inventoryPolicy,
				inventoryQuantity: variant.inventoryQuantity,
				availableForSale: availableForSale(variant),
				inventoryItem: {
					id: gid('InventoryItem', variant.inventoryItemId),
					tracked: variant.tracked,
				},
				selectedOptions: variant.options.map((option) => ({ ...option })),
			})),
		},
		media: {
			nodes: product.media.map((media) => ({
				id: gid('MediaImage', media.id),
				alt: media.alt,
				mediaContentType: 'IMAGE',
				status: media.status,
				mediaErrors: media.mediaErrors,
				image:
					media.status === 'READY'
						? { url: `https://cdn.shopify.com/s/files/stand-in/${media.id}` }
						: null,
			})),
		},
	});

	/**
	 * productSet's `files` (FileSetInput), a list field: the product's media become exactly these.
	 * An `id` keeps a media the product holds; an `originalSource` makes a new one, whose file
	 * Shopify downloads while it processes the media: the stand-in reads it only from its own
	 * staged targets (a file uploaded there), and a media whose file cannot be downloaded is
	 * FAILED with a media error (MediaErrorCode IMAGE_DOWNLOAD_FAILURE); the product is still set.
	 * Shopify processes media asynchronously (UPLOADED, PROCESSING, READY); the stand-in at once.
	 */
	const mediaOf = (
		product: ShopifyProduct,
		files: Json[],
	): { media?: ShopifyMedia[]; userErrors: Json[] } => {
		const media: ShopifyMedia[] = [];
		for (const [index, file] of files.entries()) {
			if (file.id !== undefined && file.id !== null) {
				const held = product.media.find((entry) => entry.id === numericId(file.id));
				if (!held) {
					return {
						userErrors: [
							userError(
								['input', 'files', String(index), 'id'],
								'File does not exist',
								'FILE_DOES_NOT_EXIST',
							),
						],
					};
				}
				media.push({ ...held, ...(typeof file.alt === 'string' ? { alt: file.alt } : {}) });
				continue;
			}
			const source = typeof file.originalSource === 'string' ? file.originalSource : '';
			const downloaded = staged.fileAt(source);
			media.push({
				id: nextMediaId++,
				alt: typeof file.alt === 'string' ? file.alt : '',
				originalSource: source,
				status: downloaded ? 'READY' : 'FAILED',
				mediaErrors: downloaded
					? []
					: [
							{
								code: 'IMAGE_DOWNLOAD_FAILURE',
								details: `The stand-in downloads files only from its own staged upload targets, not from ${source}`,
								message: 'Image could not be processed because the source could not be downloaded.',
							},
						],
			});
		}
		return { media, userErrors: [] };
	};

	/** The REST Admin Product resource (2024-07), as n8n's Shopify node reads it. */
	const restProduct = (product: ShopifyProduct): Json => ({
		id: product.id,
		title: product.title,
		body_html: product.descriptionHtml,
		vendor: product.vendor,
		product_type: product.productType,
		created_at: product.createdAt,
		handle: product.handle,
		updated_at: product.updatedAt,
		published_at: product.status === 'ACTIVE' ? product.createdAt : null,
		template_suffix: null,
		published_scope: 'web',
		tags: product.tags.join(', '),
		status: product.status.toLowerCase(),
		admin_graphql_api_id: gid('Product', product.id),
		variants: product.variants.map((variant) => ({
			id: variant.id,
			product_id: product.id,
			title: variantTitle(variant),
			price: variant.price,
			sku: variant.sku ?? '',
			position: variant.position,
			inventory_policy: variant.inventoryPolicy.toLowerCase(),
			compare_at_price: variant.compareAtPrice,
			fulfillment_service: 'manual',
			inventory_management: variant.tracked ? 'shopify' : null,
			option1: variant.options[0]?.value ?? 'Default Title',
			option2: variant.options[1]?.value ?? null,
			option3: variant.options[2]?.value ?? null,
			created_at: variant.createdAt,
			updated_at: variant.updatedAt,
			taxable: true,
			barcode: null,
			grams: 0,
			weight: 0,
			weight_unit: 'kg',
			inventory_item_id: variant.inventoryItemId,
			inventory_quantity: variant.inventoryQuantity,
			old_inventory_quantity: variant.inventoryQuantity,
			requires_shipping: true,
			admin_graphql_api_id: gid('ProductVariant', variant.id),
			image_id: null,
		})),
		options: product.options.map((option, index) => ({
			id: option.id,
			product_id: product.id,
			name: option.name,
			position: index + 1,
			values: [...option.values],
		})),
		images: [],
		image: null,
	});

	const userError = (field: string[] | null, message: string, code: string): Json => ({
		field,
		message,
		code,
	});

	const find = (identifier: Json | undefined): ShopifyProduct | undefined => {
		if (!identifier) return undefined;
		if (identifier.id !== undefined) return products.get(numericId(identifier.id));
		if (identifier.handle !== undefined) {
			return [...products.values()].find((product) => product.handle === identifier.handle);
		}
		return undefined;
	};

	const set = (input: Json, identifier?: Json): { product?: Json; userErrors: Json[] } => {
		const byInputId = input.id === undefined ? undefined : { id: input.id };
		const target = identifier ?? byInputId;
		const existing = find(target);
		if (!existing && target?.id !== undefined) {
			return {
				userErrors: [
					userError(['input', 'id'], 'Product does not exist', 'PRODUCT_DOES_NOT_EXIST'),
				],
			};
		}
		const optionsIn = input.productOptions as Json[] | undefined;
		const variantsIn = input.variants as Json[] | undefined;
		// The two lists are codependent (changelog 2024-07): both or neither.
		if ((optionsIn === undefined) !== (variantsIn === undefined)) {
			return {
				userErrors: [
					userError(
						['input'],
						'productOptions and variants must both be present or both be absent',
						'INVALID_INPUT',
					),
				],
			};
		}
		if (!existing && (typeof input.title !== 'string' || !input.title.trim())) {
			return { userErrors: [userError(['input', 'title'], "Title can't be blank", 'BLANK')] };
		}
		const time = now();
		const product: ShopifyProduct = existing
			? clone(existing)
			: {
					id: nextProductId++,
					handle: '',
					title: '',
					descriptionHtml: '',
					status: 'ACTIVE',
					vendor: '',
					productType: '',
					tags: [],
					options: [],
					variants: [],
					media: [],
					createdAt: time,
					updatedAt: time,
				};
		for (const key of ['title', 'descriptionHtml', 'status', 'vendor', 'productType'] as const) {
			if (typeof input[key] === 'string') product[key] = input[key];
		}
		if (Array.isArray(input.tags)) product.tags = input.tags as string[];
		const handle =
			(input.handle as string | undefined) ??
			(existing ? undefined : ((identifier?.handle as string | undefined) ?? slug(product.title)));
		if (handle !== undefined) {
			const taken = [...products.values()].some(
				(other) => other.handle === handle && other.id !== product.id,
			);
			if (taken) {
				return {
					userErrors: [
						userError(['input', 'handle'], `Handle '${handle}' already in use.`, 'TAKEN'),
					],
				};
			}
			product.handle = handle;
		}
		if (optionsIn && variantsIn) {
			const options = optionsIn.map((option, index) => {
				const held = product.options.find((entry) => entry.name === option.name);
				return {
					id: held?.id ?? nextOptionId++,
					name: String(option.name ?? `Option ${index + 1}`),
					values: ((option.values as Json[] | undefined) ?? []).map((value) => String(value.name)),
				};
			});
			if (options.length > 3) {
				return {
					userErrors: [
						userError(
							['input', 'productOptions'],
							'Product can have at most 3 options',
							'INVALID_INPUT',
						),
					],
				};
			}
			const seen = new Set<string>();
			const variants: ShopifyVariant[] = [];
			for (const [index, entry] of variantsIn.entries()) {
				const field = ['input', 'variants', String(index)];
				const values = entry.optionValues as Json[];
				const chosen = options.map((option) => {
					const match = values.find((value) => value.optionName === option.name);
					return { name: option.name, value: match ? String(match.name) : undefined };
				});
				const strange = values.find(
					(value) => !options.some((option) => option.name === value.optionName),
				);
				const missing = chosen.find((option) => option.value === undefined);
				if (strange || missing) {
					return {
						userErrors: [
							userError(
								[...field, 'optionValues'],
								strange
									? `Option '${String(strange.optionName)}' does not exist`
									: `Variant is missing a value for option '${missing?.name}'`,
								'INVALID_VARIANT',
							),
						],
					};
				}
				const unknownValue = chosen.find(
					(option, at) => !options[at].values.includes(String(option.value)),
				);
				if (unknownValue) {
					return {
						userErrors: [
							userError(
								[...field, 'optionValues'],
								`Option value '${String(unknownValue.value)}' does not exist on option '${unknownValue.name}'`,
								'OPTION_VALUE_DOES_NOT_EXIST',
							),
						],
					};
				}
				const key = chosen.map((option) => option.value).join(' / ');
				if (seen.has(key)) {
					return {
						userErrors: [
							userError(field, `The variant '${key}' already exists.`, 'VARIANT_ALREADY_EXISTS'),
						],
					};
				}
				seen.add(key);
				// A null ID is no ID (GraphQL): the variant is created.
				const given = entry.id !== undefined && entry.id !== null;
				const held = given
					? product.variants.find((variant) => variant.id === numericId(entry.id))
					: undefined;
				if (given && !held) {
					return {
						userErrors: [
							userError(
								[...field, 'id'],
								'Product variant does not exist',
								'PRODUCT_VARIANT_DOES_NOT_EXIST',
							),
						],
					};
				}
				const item = entry.inventoryItem as Json | undefined;
				variants.push({
					id: held?.id ?? nextVariantId++,
					inventoryItemId: held?.inventoryItemId ?? nextVariantId++,
					sku:
						(entry.sku as string | undefined) ??
						(item?.sku as string | undefined) ??
						held?.sku ??
						null,
					price: (entry.price as string | undefined) ?? held?.price ?? '0.00',
					compareAtPrice:
						(entry.compareAtPrice as string | undefined) ?? held?.compareAtPrice ?? null,
					position: (entry.position as number | undefined) ?? index + 1,
					options: chosen as Array<{ name: string; value: string }>,
					inventoryPolicy:
						(entry.inventoryPolicy as 'DENY' | 'CONTINUE' | undefined) ??
						held?.inventoryPolicy ??
						'DENY',
					tracked: (item?.tracked as boolean | undefined) ?? held?.tracked ?? false,
					inventoryQuantity: held?.inventoryQuantity ?? 0,
					createdAt: held?.createdAt ?? time,
					updatedAt: time,
				});
			}
			// A list field is replaced: variants not in the input are deleted.
			product.options = options;
			product.variants = variants;
		}
		if (Array.isArray(input.files)) {
			const files = mediaOf(product, input.files as Json[]);
			if (!files.media) return { userErrors: files.userErrors };
			product.media = files.media;
		}
		product.updatedAt = time;
		products.set(product.id, product);
		return { product: graphqlProduct(product), userErrors: [] };
	};

	/** The `name: $variable` or literal arguments of a root field in a GraphQL document. */
	const argumentsOf = (query: string, field: string): Record<string, string> | undefined => {
		const match = new RegExp(`\\b${field}\\s*\\(([^)]*)\\)`).exec(query);
		if (!match) return undefined;
		const args: Record<string, string> = {};
		for (const [, name, value] of match[1].matchAll(/(\w+)\s*:\s*(\$?\w+)/g)) args[name] = value;
		return args;
	};

	/** The value of an argument: a variable's (validated against its type) or a literal. */
	const argumentValue = (
		raw: string | undefined,
		variables: Json,
		type: string,
	): { value?: unknown; refusal?: ProductReply } => {
		if (raw === undefined) return {};
		if (!raw.startsWith('$')) {
			if (raw === 'true' || raw === 'false') return { value: raw === 'true' };
			return {
				refusal: {
					status: 200,
					body: { errors: [{ message: `The stand-in takes ${type} as a variable, not ${raw}` }] },
				},
			};
		}
		const name = raw.slice(1);
		const value = variables[name];
		const problems = problemsOf(value, type, []);
		return problems.length ? { refusal: invalidVariable(name, type, value, problems) } : { value };
	};

	const graphql = (body: unknown): ProductReply => {
		const request = isObject(body) ? body : {};
		const query = typeof request.query === 'string' ? request.query : '';
		const variables = isObject(request.variables) ? request.variables : {};
		const stageArgs = argumentsOf(query, 'stagedUploadsCreate');
		if (stageArgs && /^\s*mutation\b/.test(query)) {
			const input = argumentValue(stageArgs.input, variables, '[StagedUploadInput!]!');
			if (input.refusal) return input.refusal;
			const inputs = (Array.isArray(input.value) ? input.value : [input.value]) as Json[];
			return {
				status: 200,
				body: {
					data: {
						stagedUploadsCreate: {
							stagedTargets: inputs.map((entry) => staged.target(entry)),
							userErrors: [],
						},
					},
				},
			};
		}
		const setArgs = argumentsOf(query, 'productSet');
		if (setArgs && /^\s*mutation\b/.test(query)) {
			const unknown = Object.keys(setArgs).find(
				(name) => !['input', 'identifier', 'synchronous'].includes(name),
			);
			if (unknown) {
				return {
					status: 200,
					body: {
						errors: [{ message: `Field 'productSet' doesn't accept argument '${unknown}'` }],
					},
				};
			}
			const input = argumentValue(setArgs.input, variables, 'ProductSetInput!');
			if (input.refusal) return input.refusal;
			if (setArgs.input === undefined) {
				return {
					status: 200,
					body: {
						errors: [{ message: "Field 'productSet' is missing required arguments: input" }],
					},
				};
			}
			const identifier = argumentValue(setArgs.identifier, variables, 'ProductSetIdentifiers');
			if (identifier.refusal) return identifier.refusal;
			const synchronous = argumentValue(setArgs.synchronous, variables, 'Boolean');
			if (synchronous.refusal) return synchronous.refusal;
			const result = set(input.value as Json, identifier.value as Json | undefined);
			// The default is asynchronous: then Shopify answers an operation instead of the product.
			const sync = synchronous.value === true;
			return {
				status: 200,
				body: {
					data: {
						productSet: {
							product: sync ? (result.product ?? null) : null,
							productSetOperation: sync
								? null
								: {
										id: gid('ProductSetOperation', Date.now()),
										status: 'COMPLETE',
										userErrors: result.userErrors,
									},
							userErrors: result.userErrors,
						},
					},
				},
			};
		}
		const readArgs = argumentsOf(query, 'productByIdentifier');
		if (readArgs && /^\s*(query\b|\{)/.test(query)) {
			const identifier = argumentValue(readArgs.identifier, variables, 'ProductIdentifierInput!');
			if (identifier.refusal) return identifier.refusal;
			const product = find(identifier.value as Json);
			return {
				status: 200,
				body: { data: { productByIdentifier: product ? graphqlProduct(product) : null } },
			};
		}
		return {
			status: 200,
			body: {
				errors: [
					{
						message:
							'The stand-in answers the mutations productSet and stagedUploadsCreate and the query productByIdentifier only',
					},
				],
			},
		};
	};

	const route = (
		method: string,
		rest: string,
		query: URLSearchParams,
		body: unknown,
	): ProductReply | undefined => {
		if (rest === '/graphql.json') {
			return method === 'POST'
				? graphql(body)
				: { status: 405, body: { errors: 'Method Not Allowed' } };
		}
		if (method === 'GET' && rest === '/products.json') {
			const limit = Number(query.get('limit') ?? 50);
			if (!Number.isInteger(limit) || limit < 1 || limit > 250) {
				return { status: 400, body: { errors: { limit: ['must be between 1 and 250'] } } };
			}
			const handle = query.get('handle');
			const list = [...products.values()]
				.filter((product) => handle === null || handle.split(',').includes(product.handle))
				.sort((a, b) => a.id - b.id)
				.slice(0, limit);
			return { status: 200, body: { products: list.map(restProduct) } };
		}
		const one = /^\/products\/(\d+)\.json$/.exec(rest);
		if (method === 'GET' && one) {
			const product = products.get(Number(one[1]));
			return product
				? { status: 200, body: { product: restProduct(product) } }
				: { status: 404, body: { errors: 'Not Found' } };
		}
		return undefined;
	};

	return {
		route,
		set,
		products: () => [...products.values()].map(graphqlProduct),
		clearProducts: () => products.clear(),
		orderLine(variantId, quantity) {
			for (const product of products.values()) {
				const variant = product.variants.find((entry) => entry.id === variantId);
				if (!variant) continue;
				const title = variantTitle(variant);
				return {
					id: nextLineId++,
					admin_graphql_api_id: gid('LineItem', nextLineId - 1),
					current_quantity: quantity,
					fulfillable_quantity: quantity,
					fulfillment_service: 'manual',
					fulfillment_status: null,
					gift_card: false,
					grams: 0,
					name: `${product.title} - ${title}`,
					price: variant.price,
					product_exists: true,
					product_id: product.id,
					properties: [],
					quantity,
					requires_shipping: true,
					sku: variant.sku ?? '',
					taxable: true,
					title: product.title,
					total_discount: '0.00',
					variant_id: variant.id,
					variant_inventory_management: variant.tracked ? 'shopify' : null,
					variant_title: title,
					vendor: product.vendor || null,
					tax_lines: [],
					duties: [],
					discount_allocations: [],
				};
			}
			throw new Error(`The Shopify stand-in holds no variant ${variantId}`);
		},
	};
}

// ---------------------------------------------------------------------------------------------
// WooCommerce: products and variations (REST API wc/v3)
// ---------------------------------------------------------------------------------------------

/** The documented product properties a request may write (read-only ones left out). */
const WOO_PRODUCT_FIELDS = [
	'name',
	'slug',
	'type',
	'status',
	'featured',
	'catalog_visibility',
	'description',
	'short_description',
	'sku',
	'regular_price',
	'sale_price',
	'date_on_sale_from',
	'date_on_sale_from_gmt',
	'date_on_sale_to',
	'date_on_sale_to_gmt',
	'virtual',
	'downloadable',
	'downloads',
	'download_limit',
	'download_expiry',
	'external_url',
	'button_text',
	'tax_status',
	'tax_class',
	'manage_stock',
	'stock_quantity',
	'stock_status',
	'backorders',
	'sold_individually',
	'weight',
	'dimensions',
	'shipping_class',
	'reviews_allowed',
	'upsell_ids',
	'cross_sell_ids',
	'parent_id',
	'purchase_note',
	'categories',
	'tags',
	'images',
	'attributes',
	'default_attributes',
	'grouped_products',
	'menu_order',
	'meta_data',
];

/** The documented variation properties a request may write. */
const WOO_VARIATION_FIELDS = [
	'description',
	'sku',
	'regular_price',
	'sale_price',
	'date_on_sale_from',
	'date_on_sale_from_gmt',
	'date_on_sale_to',
	'date_on_sale_to_gmt',
	'status',
	'virtual',
	'downloadable',
	'downloads',
	'download_limit',
	'download_expiry',
	'tax_status',
	'tax_class',
	'manage_stock',
	'stock_quantity',
	'stock_status',
	'backorders',
	'weight',
	'dimensions',
	'shipping_class',
	'image',
	'attributes',
	'menu_order',
	'meta_data',
];

/** The documented properties of the objects inside a product or variation. */
const WOO_NESTED: Record<string, string[]> = {
	'product.attributes': ['id', 'name', 'position', 'visible', 'variation', 'options'],
	'product.default_attributes': ['id', 'name', 'option'],
	'product.images': ['id', 'src', 'name', 'alt'],
	'variation.attributes': ['id', 'name', 'option'],
	'variation.image': ['id', 'src', 'name', 'alt'],
};

const WOO_ENUMS: Record<string, string[]> = {
	type: ['simple', 'grouped', 'external', 'variable'],
	status: ['draft', 'pending', 'private', 'publish'],
	stock_status: ['instock', 'outofstock', 'onbackorder'],
	catalog_visibility: ['visible', 'catalog', 'search', 'hidden'],
	backorders: ['no', 'notify', 'yes'],
	tax_status: ['taxable', 'shipping', 'none'],
};

/** The string properties: WooCommerce's schema refuses another type for them. */
const WOO_STRINGS = [
	'name',
	'sku',
	'regular_price',
	'sale_price',
	'description',
	'short_description',
];

export interface WooCommerceProducts {
	/** A product request under `/wp-json/wc/v3`, or undefined when it is none. */
	route(
		method: string,
		rest: string,
		query: URLSearchParams,
		body: unknown,
	): ProductReply | undefined;
	/** Create a product as `POST /products` does (a test's seeding); throws on a refusal. */
	addProduct(product: Json, variations?: Json[]): Json;
	products(): Json[];
	variations(productId: number): Json[];
	clearProducts(): void;
	/**
	 * An order's line item for a variation held, in the shape of the documented order
	 * (test/fixtures/storefront/woocommerce-order.json): the variation's attributes as meta_data
	 * under the attribute's name in lower case, as WooCommerce stores a custom attribute.
	 */
	orderLine(variationId: number, quantity: number): Json;
}

export function wooCommerceProducts(
	urlOf: () => string,
	now: () => string,
	media: WordpressMedia,
): WooCommerceProducts {
	const base = '/wp-json/wc/v3';
	const products = new Map<number, Json>();
	const variationsOf = new Map<number, Json[]>();
	let nextId = 2001;
	let nextLineId = 3001;
	let nextMetaId = 9001;

	const error = (status: number, code: string, message: string, data: Json = {}): ProductReply => ({
		status,
		body: { code, message, data: { status, ...data } },
	});
	const invalidParam = (param: string, message: string) =>
		error(400, 'rest_invalid_param', `Invalid parameter(s): ${param}`, {
			params: { [param]: message },
		});

	/** The first documented-shape problem of a product or variation body, as WooCommerce names it. */
	const refusalOf = (body: Json, kind: 'product' | 'variation'): ProductReply | undefined => {
		const allowed = kind === 'product' ? WOO_PRODUCT_FIELDS : WOO_VARIATION_FIELDS;
		for (const [key, value] of Object.entries(body)) {
			if (key === 'id') continue;
			if (!allowed.includes(key)) {
				return invalidParam(
					key,
					`${key} is not a documented ${kind} property (the stand-in refuses it; a store would ignore it).`,
				);
			}
			if (WOO_STRINGS.includes(key) && typeof value !== 'string') {
				return invalidParam(key, `${key} is not of type string.`);
			}
			if (WOO_ENUMS[key] && !WOO_ENUMS[key].includes(String(value))) {
				return invalidParam(key, `${key} is not one of ${WOO_ENUMS[key].join(', ')}.`);
			}
			const nested = WOO_NESTED[`${kind}.${key}`];
			if (nested) {
				const items = Array.isArray(value) ? value : [value];
				for (const item of items) {
					if (!isObject(item)) return invalidParam(key, `${key} is not of type object.`);
					const strange = Object.keys(item).find((field) => !nested.includes(field));
					if (strange) {
						return invalidParam(key, `${key}[${strange}] is not a documented property.`);
					}
					if (key === 'attributes' && kind === 'product' && item.options !== undefined) {
						if (!Array.isArray(item.options) || item.options.some((o) => typeof o !== 'string')) {
							return invalidParam(key, `${key}[options] is not of type array of strings.`);
						}
					}
				}
			}
		}
		return undefined;
	};

	const skuTaken = (sku: unknown, exceptId?: number) =>
		typeof sku === 'string' &&
		sku !== '' &&
		[...products.values(), ...[...variationsOf.values()].flat()].some(
			(entry) => entry.sku === sku && entry.id !== exceptId,
		);
	const duplicatedSku = () =>
		error(400, 'product_invalid_sku', 'Invalid or duplicated SKU.', {
			resource_id: 0,
			unique_sku: '',
		});

	const withProductDefaults = (product: Json): Json => {
		const variations = variationsOf.get(Number(product.id)) ?? [];
		const prices = variations.map((variation) => String(variation.regular_price ?? ''));
		return {
			...product,
			permalink: `${urlOf()}/product/${String(product.slug)}/`,
			price: prices.find((price) => price !== '') ?? String(product.regular_price ?? ''),
			variations: variations.map((variation) => variation.id),
			_links: {
				self: [{ href: `${urlOf()}${base}/products/${String(product.id)}` }],
				collection: [{ href: `${urlOf()}${base}/products` }],
			},
		};
	};

	const withVariationDefaults = (productId: number, variation: Json): Json => ({
		...variation,
		price: String(variation.regular_price ?? ''),
		// WooCommerce: purchasable when published and priced; out of stock, it cannot be added to a cart.
		purchasable: variation.status === 'publish' && String(variation.regular_price ?? '') !== '',
		_links: {
			self: [
				{ href: `${urlOf()}${base}/products/${productId}/variations/${String(variation.id)}` },
			],
			collection: [{ href: `${urlOf()}${base}/products/${productId}/variations` }],
			up: [{ href: `${urlOf()}${base}/products/${productId}` }],
		},
	});

	const isReply = (value: Json | ProductReply): value is ProductReply =>
		typeof (value as ProductReply).status === 'number' && 'body' in value && !('id' in value);

	/**
	 * A request's `images` as WooCommerce's set_product_images takes them (the products controller):
	 * an `id` must be an image of the media library ("#7 is an invalid image ID."); a `src` alone is
	 * downloaded into the library (wc_rest_upload_image_from_url, a new attachment each time), and a
	 * download that fails refuses the whole product, nothing written (WC_REST_Exception
	 * `woocommerce_product_image_upload_error`, "Error getting remote image <src>. Error: ...").
	 * The stand-in downloads only its own media: the print service's preview needs the service's
	 * session, which no store holds. The alt text is written to the attachment, as WooCommerce does.
	 */
	const imagesOf = (images: Json[]): Json[] | ProductReply => {
		const resolved: Json[] = [];
		for (const image of images) {
			let attachment: Json | undefined;
			if (image.id !== undefined && Number(image.id) !== 0) {
				attachment = media.attachment(Number(image.id));
				if (!attachment) {
					return error(
						400,
						'woocommerce_product_invalid_image_id',
						`#${String(image.id)} is an invalid image ID.`,
					);
				}
			} else if (typeof image.src === 'string') {
				const own = media.attachmentAt(image.src);
				if (!own) {
					return error(
						400,
						'woocommerce_product_image_upload_error',
						`Error getting remote image ${image.src}. Error: the stand-in downloads only its own media (${urlOf()}/wp-content/uploads/...); a store outside the print service's network cannot read this address.`,
					);
				}
				attachment = media.copyOf(own);
			} else {
				continue;
			}
			if (typeof image.alt === 'string') attachment.alt_text = image.alt;
			resolved.push({
				id: attachment.id,
				date_created: attachment.date,
				date_created_gmt: attachment.date_gmt,
				date_modified: attachment.modified,
				date_modified_gmt: attachment.modified_gmt,
				src: attachment.source_url,
				name: (attachment.title as Json).rendered,
				alt: attachment.alt_text,
			});
		}
		return resolved;
	};
	/** The input with its images resolved, or the refusal of the whole product. */
	const withImages = (input: Json): Json | ProductReply => {
		if (!Array.isArray(input.images)) return input;
		const images = imagesOf(input.images as Json[]);
		return Array.isArray(images) ? { ...input, images } : images;
	};

	const createProduct = (given: Json): ProductReply => {
		const refusal = refusalOf(given, 'product');
		if (refusal) return refusal;
		if (skuTaken(given.sku)) return duplicatedSku();
		const input = withImages(given);
		if (isReply(input)) return input;
		const id = nextId++;
		const time = now();
		const product: Json = {
			id,
			name: input.name ?? '',
			slug: (input.slug as string | undefined) ?? slug(String(input.name ?? id)),
			date_created: time,
			date_created_gmt: time,
			date_modified: time,
			date_modified_gmt: time,
			type: 'simple',
			status: 'publish',
			featured: false,
			catalog_visibility: 'visible',
			description: '',
			short_description: '',
			sku: '',
			regular_price: '',
			sale_price: '',
			stock_status: 'instock',
			attributes: [],
			default_attributes: [],
			images: [],
			meta_data: [],
			...clone(input),
		};
		products.set(id, product);
		variationsOf.set(id, []);
		return { status: 201, body: withProductDefaults(product) };
	};

	const updateProduct = (product: Json, given: Json): ProductReply => {
		const refusal = refusalOf(given, 'product');
		if (refusal) return refusal;
		if (skuTaken(given.sku, Number(product.id))) return duplicatedSku();
		const input = withImages(given);
		if (isReply(input)) return input;
		const time = now();
		Object.assign(product, clone(input), {
			id: product.id,
			date_modified: time,
			date_modified_gmt: time,
		});
		return { status: 200, body: withProductDefaults(product) };
	};

	const createVariation = (productId: number, input: Json): Json | ProductReply => {
		const refusal = refusalOf(input, 'variation');
		if (refusal) return refusal;
		if (skuTaken(input.sku)) return duplicatedSku();
		const time = now();
		const variation: Json = {
			id: nextId++,
			date_created: time,
			date_created_gmt: time,
			date_modified: time,
			date_modified_gmt: time,
			description: '',
			sku: '',
			regular_price: '',
			sale_price: '',
			status: 'publish',
			manage_stock: false,
			stock_quantity: null,
			stock_status: 'instock',
			attributes: [],
			meta_data: [],
			...clone(input),
		};
		variationsOf.get(productId)?.push(variation);
		return variation;
	};

	/**
	 * "Batch update product variations": `create`, `update` (each with its `id`) and `delete` (IDs),
	 * at most 100 objects in all; each object answered in place, a refused one as `{ id, error }`.
	 */
	const batch = (productId: number, body: Json): ProductReply => {
		const strange = Object.keys(body).find((key) => !['create', 'update', 'delete'].includes(key));
		if (strange) return invalidParam(strange, `${strange} is not one of create, update, delete.`);
		const create = (body.create as Json[] | undefined) ?? [];
		const update = (body.update as Json[] | undefined) ?? [];
		const remove = (body.delete as number[] | undefined) ?? [];
		if (create.length + update.length + remove.length > 100) {
			return error(
				413,
				'woocommerce_rest_request_entity_too_large',
				'Unable to accept more than 100 items for this request.',
			);
		}
		const list = variationsOf.get(productId) as Json[];
		const failed = (id: unknown, reply: ProductReply) => ({ id: id ?? 0, error: reply.body });
		const created = create.map((input) => {
			const made = createVariation(productId, input);
			return isReply(made) ? failed(0, made) : withVariationDefaults(productId, made);
		});
		const updated = update.map((input) => {
			const variation = list.find((entry) => entry.id === input.id);
			if (!variation) {
				return failed(
					input.id,
					error(400, 'woocommerce_rest_product_variation_invalid_id', 'Invalid ID.'),
				);
			}
			const changes = { ...input };
			delete changes.id;
			const refusal = refusalOf(changes, 'variation');
			if (refusal) return failed(input.id, refusal);
			if (skuTaken(changes.sku, Number(variation.id))) return failed(input.id, duplicatedSku());
			const time = now();
			Object.assign(variation, clone(changes), { date_modified: time, date_modified_gmt: time });
			return withVariationDefaults(productId, variation);
		});
		const deleted = remove.map((id) => {
			const at = list.findIndex((entry) => entry.id === id);
			if (at < 0)
				return failed(
					id,
					error(400, 'woocommerce_rest_product_variation_invalid_id', 'Invalid ID.'),
				);
			const [gone] = list.splice(at, 1);
			return withVariationDefaults(productId, gone);
		});
		return {
			status: 200,
			body: {
				...(body.create ? { create: created } : {}),
				...(body.update ? { update: updated } : {}),
				...(body.delete ? { delete: deleted } : {}),
			},
		};
	};

	/**
	 * One page of a list, with WooCommerce's totals headers and its `Link` header: WordPress's REST
	 * server sends `<api root>; rel="https://api.w.org/"` on every response
	 * (wp-includes/rest-api/class-wp-rest-server.php, serve_request), and the list adds `prev` /
	 * `next` where there are such pages (n8n's WooCommerce node reads that header on every page of
	 * Return All).
	 */
	const page = (items: Json[], query: URLSearchParams, path: string): ProductReply => {
		const perPage = Number(query.get('per_page') ?? 10);
		const number = Number(query.get('page') ?? 1);
		if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
			return invalidParam('per_page', 'per_page must be between 1 (inclusive) and 100 (inclusive)');
		}
		if (!Number.isInteger(number) || number < 1)
			return invalidParam('page', 'page must be at least 1');
		const totalPages = Math.ceil(items.length / perPage);
		const pageUrl = (at: number) => {
			const next = new URLSearchParams(query);
			next.set('page', String(at));
			return `<${urlOf()}${base}${path}?${next.toString()}>`;
		};
		const links = [
			`<${urlOf()}/wp-json/>; rel="https://api.w.org/"`,
			...(number > 1 ? [`${pageUrl(number - 1)}; rel="prev"`] : []),
			...(number < totalPages ? [`${pageUrl(number + 1)}; rel="next"`] : []),
		];
		return {
			status: 200,
			body: items.slice((number - 1) * perPage, number * perPage),
			headers: {
				'x-wp-total': String(items.length),
				'x-wp-totalpages': String(totalPages),
				link: links.join(', '),
			},
		};
	};

	const route = (
		method: string,
		rest: string,
		query: URLSearchParams,
		body: unknown,
	): ProductReply | undefined => {
		const input = isObject(body) ? body : {};
		if (rest === '/products') {
			if (method === 'POST') return createProduct(input);
			if (method !== 'GET') return undefined;
			const sku = query.get('sku');
			const type = query.get('type');
			const list = [...products.values()]
				.filter((product) => sku === null || sku.split(',').includes(String(product.sku)))
				.filter((product) => type === null || product.type === type)
				.sort((a, b) => Number(b.id) - Number(a.id))
				.map(withProductDefaults);
			return page(list, query, rest);
		}
		let match = /^\/products\/(\d+)$/.exec(rest);
		if (match && (method === 'GET' || method === 'PUT')) {
			const product = products.get(Number(match[1]));
			if (!product) return error(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
			return method === 'PUT'
				? updateProduct(product, input)
				: { status: 200, body: withProductDefaults(product) };
		}
		match = /^\/products\/(\d+)\/variations(\/batch)?$/.exec(rest);
		if (match) {
			const productId = Number(match[1]);
			if (!products.has(productId)) {
				return error(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
			}
			if (match[2] && (method === 'POST' || method === 'PUT' || method === 'PATCH')) {
				return batch(productId, input);
			}
			if (!match[2] && method === 'GET') {
				const sku = query.get('sku');
				const list = (variationsOf.get(productId) ?? [])
					.filter((variation) => sku === null || variation.sku === sku)
					.map((variation) => withVariationDefaults(productId, variation));
				return page(list, query, rest);
			}
			if (!match[2] && method === 'POST') {
				const made = createVariation(productId, input);
				return isReply(made) ? made : { status: 201, body: withVariationDefaults(productId, made) };
			}
		}
		return undefined;
	};

	return {
		route,
		addProduct(product, variations = []) {
			const reply = createProduct(product);
			if (reply.status >= 300) throw new Error(JSON.stringify(reply.body));
			const id = Number((reply.body as Json).id);
			if (variations.length) {
				const made = batch(id, { create: variations }).body as { create: Json[] };
				const failed = made.create.find((entry) => entry.error);
				if (failed) throw new Error(JSON.stringify(failed.error));
			}
			return withProductDefaults(products.get(id) as Json);
		},
		products: () => [...products.values()].map(withProductDefaults),
		variations: (productId) =>
			(variationsOf.get(productId) ?? []).map((variation) =>
				withVariationDefaults(productId, variation),
			),
		clearProducts() {
			products.clear();
			variationsOf.clear();
		},
		orderLine(variationId, quantity) {
			for (const [productId, list] of variationsOf) {
				const variation = list.find((entry) => entry.id === variationId);
				if (!variation) continue;
				const product = products.get(productId) as Json;
				const attributes = (variation.attributes as Json[]) ?? [];
				const price = Number(variation.regular_price || 0);
				return {
					id: nextLineId++,
					name: `${String(product.name)} &ndash; ${attributes.map((a) => `${String(a.name)}: ${String(a.option)}`).join(', ')}`,
					product_id: productId,
					variation_id: variation.id,
					quantity,
					tax_class: '',
					subtotal: (price * quantity).toFixed(2),
					subtotal_tax: '0.00',
					total: (price * quantity).toFixed(2),
					total_tax: '0.00',
					taxes: [],
					meta_data: attributes.map((attribute) => ({
						id: nextMetaId++,
						key: String(attribute.name).toLowerCase(),
						value: attribute.option,
					})),
					sku: variation.sku,
					price,
				};
			}
			throw new Error(`The WooCommerce stand-in holds no variation ${variationId}`);
		},
	};
}

/** What is wrong with a ProductSetInput, as the stand-in refuses it (an empty list: nothing). */
export const productSetInputProblems = (input: unknown): Problem[] =>
	problemsOf(input, 'ProductSetInput!', []);

/** The documented writable properties of a WooCommerce product and of a variation. */
export const WOOCOMMERCE_WRITABLE = {
	product: WOO_PRODUCT_FIELDS,
	variation: WOO_VARIATION_FIELDS,
};
