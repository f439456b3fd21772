/**
 * Product → Get Storefront Listing: a print product (or a shared product, or a product with a
 * motive on it) as a store lists it, with the storefront SKUs Submit reads back with no look-up
 * (storefrontListing.ts). Reads the expanded product, and only what the choices need besides: the
 * account's countries for a country given by code, the motive and its translations, the shared
 * product by a stored filter (the contract lists shared products, it shows no single one).
 * Download Image reads the listing's image with the service's session into the item's binary
 * data: the preview link needs the session, so a store cannot fetch it itself (issue 46).
 */

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { PlainObject } from '../../../shared/values';
import { recordOf } from '../../../shared/codec';
import { isPlainObject, isBlank } from '../../../shared/values';
import { InputError } from '../../../shared/errors';
import { buildFilterBody } from '../../../shared/payloads/filter';
import { withListDefaultCondition } from '../../../shared/payloads/listDefault';
import type { Language } from '../common/language';
import { languageOf, localizationIn } from '../common/language';
import { storeFilter } from '../common/list';
import { idLocator } from '../common/locators';
import { serviceDropdown } from '../order/fields';
import { idParameter, itemShopPath } from '../common/scope';
import type { RunScope } from '../runScope';
import type { OperationDefinition } from '../types';
import type { ListingCountry, ListingMotive, ListingSharedProduct } from './storefrontListing';
import { storefrontListing } from './storefrontListing';
import { READ } from '../wordsForModel';
import { BITMAP_MIME_TYPES, bitmapFileName, detectBitmapKind } from '../common/image';

/** `/accounts/387` of `/accounts/387/shops/1597`. */
const accountPathOf = (shopPath: string) => shopPath.replace(/\/shops\/[^/]+$/, '');

const text = (value: unknown) => (isBlank(value) ? '' : String(value as string | number).trim());

/**
 * The country by ID or by code, from the account's countries (one request): its code names it in
 * the output and in a refusal, its currency is the one the prices are in.
 */
async function countryOf(
	run: RunScope,
	shopPath: string,
	given: string,
	itemIndex: number,
): Promise<{ country: ListingCountry; codes: Map<number, string> }> {
	const byId = /^\d+$/.test(given);
	const code = given.toUpperCase();
	if (!byId && !/^[A-Z]{2}$/.test(code)) {
		throw new InputError(
			`Country must be a two-letter ISO code or a country ID, got "${given}"`,
			"Choose the country from the list, or give it as DE or its ID (Country → Get Many lists the account's countries).",
			'country',
		);
	}
	const countries = await run.service.requestAllItems(
		{ method: 'GET', path: `${accountPathOf(shopPath)}/countries`, itemIndex },
		{ returnAll: true },
	);
	const codes = new Map(countries.map((c) => [Number(c.id), text(c.code).toUpperCase()]));
	const found = countries.find((c) =>
		byId ? text(c.id) === given : text(c.code).toUpperCase() === code,
	);
	if (!found) {
		throw new InputError(
			`Country ${byId ? given : code} is not a country of this account, which has ${[...codes.values()].join(', ')}`,
			"Choose one of the account's countries from the list, or give its two-letter ISO code or its ID (Country → Get Many lists them).",
			'country',
		);
	}
	const currency = isPlainObject(found.currency) ? text(found.currency.code) : text(found.currency);
	const foundCode = text(found.code).toUpperCase();
	return {
		country: {
			id: Number(found.id),
			...(foundCode ? { code: foundCode } : {}),
			...(currency ? { currency } : {}),
		},
		codes,
	};
}

/** The motive, its preview link and, in the language, its translated name and description. */
async function motiveOf(
	run: RunScope,
	shopPath: string,
	motiveId: string,
	language: Language | undefined,
	itemIndex: number,
): Promise<ListingMotive> {
	const path = `${shopPath}/motives/${motiveId}`;
	const motive = recordOf(await run.service.request({ method: 'GET', path, itemIndex }));
	const links = isPlainObject(motive.links) ? motive.links : {};
	let name = text(motive.name);
	let description = '';
	if (language !== undefined) {
		const translations = await run.service.requestAllItems(
			{ method: 'GET', path: `${path}/localizations`, itemIndex },
			{ returnAll: true },
		);
		const found = localizationIn(translations, language);
		// A motive untranslated keeps its name: it is often a brand or a word of no language.
		if (found) {
			name = text(found.name) || name;
			description = text(found.description);
		}
	}
	const preview = text(links.preview);
	return {
		id: Number(motiveId),
		name,
		...(description ? { description } : {}),
		...(preview ? { previewUrl: preview } : {}),
	};
}

/** The shared product by its ID, read through a stored shared product filter. */
async function sharedProductOf(
	run: RunScope,
	shopPath: string,
	sharedId: string,
	itemIndex: number,
): Promise<{ shared: ListingSharedProduct; productId: string }> {
	const body = withListDefaultCondition(
		buildFilterBody('sharedProductFilter', {
			conditions: [{ property: 'id', operator: 'eq', value: sharedId }],
		}) as PlainObject,
	);
	const filterId = await storeFilter(run, body, itemIndex);
	const [found] = await run.service.requestAllItems(
		{ method: 'GET', path: `${shopPath}/sharedProducts`, qs: { filterId }, itemIndex },
		{ returnAll: true },
	);
	const product = found && isPlainObject(found.product) ? found.product.id : found?.productId;
	if (!found || !/^\d+$/.test(text(product))) {
		throw new InputError(
			found
				? `Shared product ${sharedId} names no product`
				: `the shop has no shared product ${sharedId}`,
			"Give the ID of one of the shop's shared products (Shared Product → Get Many lists them).",
			'sharedProductId',
		);
	}
	return {
		shared: {
			id: Number(sharedId),
			...(isBlank(found.uuid) ? {} : { uuid: text(found.uuid) }),
			name: text(found.name),
		},
		productId: text(product),
	};
}

/** What a listing without an image says in the item, so that a publish can say it too. */
const NO_IMAGE_NOTE =
	'The listing has no image (no motive is printed on it): the store product gets none.';

/**
 * The listing's image, read with the session from the link the service gave (the transport
 * follows a link only to the service's own origin), named after the listing's handle: the same
 * listing gives the same file name on every run, which a store can tell an upload by.
 */
async function imageOf(
	this: IExecuteFunctions,
	run: RunScope,
	listing: IDataObject,
	itemIndex: number,
): Promise<INodeExecutionData['binary'] | undefined> {
	const [image] = (listing.images ?? []) as Array<{ url?: string }>;
	if (!image?.url) return undefined;
	const read = await run.service.requestBinary({
		method: 'GET',
		path: image.url,
		accept: 'image/png, image/jpeg',
		itemIndex,
	});
	const kind = detectBitmapKind(read.data);
	const mimeType = kind ? BITMAP_MIME_TYPES[kind] : read.contentType.split(';')[0].trim();
	const fileName = kind ? bitmapFileName(String(listing.handle), kind) : String(listing.handle);
	const property = run.parameter<string>('binaryPropertyName', itemIndex, 'data');
	return { [property]: await this.helpers.prepareBinaryData(read.data, fileName, mimeType) };
}

const SOURCE = { show: { listingOf: ['product'] } };

export const getStorefrontListingOperation: OperationDefinition = {
	option: {
		name: 'Get Storefront Listing',
		value: 'getStorefrontListing',
		action: 'Get a storefront listing of a product',
		description:
			'Get a product as a store lists it: title, options Color and Size, one variant per orderable pair with price and the SKU Submit reads back',
	},
	forModel: `Read one product as a store lists it, in a country's currency and optionally a language: title, description, options Color and Size, and one variant per orderable color/size pair with its availability, price and the SKU an order can name it by. ${READ}`,
	fields: [
		{
			displayName: 'Listing Of',
			name: 'listingOf',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Product',
					value: 'product',
					description: 'A product of the catalog, optionally with a motive printed on it',
				},
				{
					name: 'Shared Product',
					value: 'sharedProduct',
					description: 'A design saved and shared from the Creator, listed under its name',
				},
			],
			default: 'product',
		},
		{
			...idLocator({
				displayName: 'Product',
				name: 'productId',
				searchListMethod: 'searchProducts',
				noun: 'product',
				placeholderId: '1001',
				urlSegment: 'products',
			}),
			displayOptions: SOURCE,
		},
		{
			...idLocator({
				displayName: 'Motive',
				name: 'motiveId',
				searchListMethod: 'searchMotives',
				noun: 'motive',
				placeholderId: '5001',
				urlSegment: 'motives',
				description:
					'A motive printed on the product: it names the listing and gives its image (its preview). Leave empty for the plain product.',
			}),
			required: false,
			displayOptions: SOURCE,
		},
		{
			...serviceDropdown('Print Area Name or ID', 'printAreaId', 'getProductPrintAreas', [
				'shop.value',
				'productId.value',
			]),
			description:
				'Where the motive is printed: one of the product\'s print areas; empty, its first on the front. The listing\'s SKUs name the motive and the area, so an order of them prints exactly that. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			displayOptions: SOURCE,
		},
		{
			...idLocator({
				displayName: 'Shared Product',
				name: 'sharedProductId',
				searchListMethod: 'searchSharedProducts',
				noun: 'shared product',
				placeholderId: '9501',
			}),
			displayOptions: { show: { listingOf: ['sharedProduct'] } },
		},
		{
			displayName: 'Country Name or ID',
			name: 'country',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getCountries' },
			allowArbitraryValues: true,
			default: '',
			required: true,
			description:
				'The country whose prices and currency the listing gives; by expression its ID or its two-letter ISO code (DE). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{
			displayName: 'Language Name or ID',
			name: 'language',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getLanguages', loadOptionsDependsOn: ['shop.value'] },
			allowArbitraryValues: true,
			default: '',
			description:
				'The language of the title and description, from the product\'s translations; empty for the product\'s own name. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
		{
			displayName: 'Only Available',
			name: 'onlyAvailable',
			type: 'boolean',
			default: false,
			description:
				'Whether to leave out the pairs the service marks as not available; by default they are listed with Available false, so that the store marks them unavailable',
		},
		{
			displayName: 'Download Image',
			name: 'downloadImage',
			type: 'boolean',
			default: false,
			description:
				"Whether to read the listing's image (the motive's preview) into the item's binary data, with the service's session: a store cannot fetch the service's link itself, so upload this file to the store. A listing without an image gives no file and says so in imageNote.",
		},
		{
			displayName: 'Put Output File in Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			required: true,
			displayOptions: { show: { downloadImage: [true] } },
			hint: 'The name of the output binary field to put the image in',
		},
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const shopPath = await itemShopPath(run, itemIndex);
		const listingOf = run.parameter<string>('listingOf', itemIndex, 'product');
		const language = languageOf(run.parameter('language', itemIndex, ''));
		const givenCountry = text(run.parameter('country', itemIndex, ''));
		if (!givenCountry) {
			throw new InputError(
				'Country is empty',
				'Give the country whose prices and currency the listing gives, as DE or its ID.',
				'country',
			);
		}
		const onlyAvailable = run.parameter<boolean>('onlyAvailable', itemIndex, false);
		let productId: string;
		let shared: ListingSharedProduct | undefined;
		let motiveId = '';
		let printAreaId: number | undefined;
		if (listingOf === 'sharedProduct') {
			const sharedId = idParameter(run, 'sharedProductId', 'Shared Product ID', itemIndex);
			({ shared, productId } = await sharedProductOf(run, shopPath, sharedId, itemIndex));
		} else {
			productId = idParameter(run, 'productId', 'Product ID', itemIndex);
			motiveId = text(run.parameter('motiveId', itemIndex, '', { extractValue: true }));
			if (motiveId && !/^\d+$/.test(motiveId)) {
				throw new InputError(
					`Motive must be a motive ID, got "${motiveId}"`,
					'Choose the motive from the list, give its numeric ID, or leave it empty.',
					'motiveId',
				);
			}
			const area = text(run.parameter('printAreaId', itemIndex, '')).trim();
			if (area && !/^\d+$/.test(area)) {
				throw new InputError(
					`Print Area must be a print area's ID, got "${area}"`,
					"Give the ID of one of the product's print areas (Product → Get Expanded lists them), or leave it empty for its front.",
					'printAreaId',
				);
			}
			printAreaId = area ? Number(area) : undefined;
		}
		const [product, { country, codes }, motive] = await Promise.all([
			run.service
				.request({ method: 'GET', path: `${shopPath}/products/expanded/${productId}`, itemIndex })
				.then(recordOf),
			countryOf(run, shopPath, givenCountry, itemIndex),
			motiveId ? motiveOf(run, shopPath, motiveId, language, itemIndex) : undefined,
		]);
		const listing = storefrontListing({
			product: product as PlainObject,
			language,
			country,
			onlyAvailable,
			motive,
			printAreaId,
			sharedProduct: shared,
			countryCodes: codes,
		});
		if (!run.parameter<boolean>('downloadImage', itemIndex, false)) return [{ json: listing }];
		const binary = await imageOf.call(this, run, listing, itemIndex);
		return binary
			? [{ json: listing, binary }]
			: [{ json: { ...listing, imageNote: NO_IMAGE_NOTE } }];
	},
};
