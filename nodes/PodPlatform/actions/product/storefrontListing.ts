/**
 * A print product as a store lists it: title and description in one language (the product's
 * localizations), the options Color and Size by name, one variant per orderable color/size pair
 * (the product's SKUs: the expanded product may list colors and sizes with no SKU between them),
 * each with its availability, its price in one country's currency and the storefront SKU Submit
 * reads back with no look-up (common/storefrontSku.ts), and the images the contract gives (a
 * motive's preview). Shaped for a store's product with variants: options as `{name, values}` and
 * each variant's `options` as `{name, value}`, what Shopify's productSet (`productOptions`,
 * `variants[].optionValues`) and WooCommerce's variable product (`attributes`, variations'
 * `attributes`) each take with one map.
 */

import type { IDataObject } from 'n8n-workflow';

import type { PlainObject } from '../../../shared/values';
import { isPlainObject, toArray, isBlank } from '../../../shared/values';
import { InputError } from '../../../shared/errors';
import { simplifyProduct } from '../../../shared/payloads/product';
import type { Language } from '../common/language';
import { languagesOf, localizationIn } from '../common/language';
import { encodeStorefrontSku } from '../common/storefrontSku';

/** The country whose prices the listing gives. */
export interface ListingCountry {
	id: number;
	code?: string;
	currency?: string;
}

/** A motive printed on the listed product: it names the listing and gives its image. */
export interface ListingMotive {
	id: number;
	name: string;
	description?: string;
	/** The motive's `preview` link (contract, Links), where the service gives one. */
	previewUrl?: string;
}

/** A shared product (a design saved in the Creator) the listing is of. */
export interface ListingSharedProduct {
	id: number;
	uuid?: string;
	name: string;
}

export interface ListingInput {
	/** The expanded product as read (its record, links as `links`). */
	product: PlainObject;
	language?: Language;
	country: ListingCountry;
	onlyAvailable: boolean;
	motive?: ListingMotive;
	/** The print area the motive is printed on, where one is chosen. */
	printAreaId?: number;
	sharedProduct?: ListingSharedProduct;
	/** The account's countries, where they were read: names a refusal's countries by code. */
	countryCodes?: Map<number, string>;
}

const text = (value: unknown) => (isBlank(value) ? '' : String(value as string | number));

/** The product's name and description in the language; its own name when none is asked for. */
function localized(input: ListingInput): { title: string; description: string } {
	const { product, language } = input;
	const name = text(product.name);
	if (language === undefined) return { title: name, description: '' };
	const records = toArray<PlainObject>(product.localizations).filter(isPlainObject);
	const found = localizationIn(records, language);
	if (!found) {
		const offered = languagesOf([records])[0].map((option) => `${option.name} (${option.value})`);
		throw new InputError(
			`${name || `Product ${text(product.id)}`} has no translation in language ${String(language)}; it has ${offered.join(', ') || 'none'}`,
			"Choose one of the product's languages (the Language list offers the shop's), or leave Language empty to list the product under its own name.",
			'language',
		);
	}
	return { title: text(found.name) || name, description: text(found.description) };
}

const HTML_ESCAPES: Record<string, string> = {
	'&': '&amp;',
	'<': '&lt;',
	'>': '&gt;',
	'"': '&quot;',
	"'": '&#39;',
};

/**
 * A plain description as the HTML a store's product page shows (Shopify's `descriptionHtml`,
 * WooCommerce's `description`): each paragraph (parts split by a blank line) a `<p>`, a single
 * line break a `<br>`, and every character HTML gives a meaning escaped, so that "Cotton & <b>"
 * reads as written.
 */
export function descriptionAsHtml(description: string): string {
	return description
		.split(/\r?\n\s*\r?\n/)
		.map((paragraph) => paragraph.trim())
		.filter((paragraph) => paragraph !== '')
		.map(
			(paragraph) =>
				`<p>${paragraph
					.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character])
					.replace(/\r?\n/g, '<br>')}</p>`,
		)
		.join('');
}

/** `DE`, or the country's ID where its code is not known. */
function countryName(input: ListingInput, id: unknown): string {
	return input.countryCodes?.get(Number(id)) ?? `country ${text(id)}`;
}

/**
 * The key a store finds the listing's product by on the next publish: Shopify's product handle,
 * WooCommerce's product SKU. Built from IDs, as the variants' SKUs are, so that a renamed product
 * or a listing in another language updates the same store product instead of adding one.
 */
function listingHandle(productId: number, input: ListingInput): string {
	if (input.sharedProduct) return `pod-shared-${input.sharedProduct.id}`;
	return input.motive ? `pod-${productId}-motive-${input.motive.id}` : `pod-${productId}`;
}

/**
 * Where the listing's motive is printed: the print area chosen, else the product's first on its
 * front (then its first at all), as a merchant expects a motive on a garment.
 */
function printAreaOf(
	product: ReturnType<typeof simplifyProduct>,
	productName: string,
	chosen: number | undefined,
): { productAreaId: number; name: string } {
	const areas = product.printAreas.filter((area) => !isBlank(area.productAreaId));
	const named = (area: (typeof areas)[number]) => ({
		productAreaId: Number(area.productAreaId),
		name: text(area.name),
	});
	if (chosen !== undefined) {
		const area = areas.find((candidate) => Number(candidate.productAreaId) === chosen);
		if (area) return named(area);
		throw new InputError(
			`Print Area ${chosen} is not a print area of ${productName}, which offers ${areas.map((candidate) => `${text(candidate.name) || 'an area'} (${text(candidate.productAreaId)})`).join(', ') || 'none'}`,
			"Give one of the product's print areas (Product → Get Expanded lists them), or leave Print Area empty for its front.",
			'printAreaId',
		);
	}
	const front = areas.find((area) => String(area.view).toUpperCase() === 'FRONT') ?? areas[0];
	if (front) return named(front);
	throw new InputError(
		`${productName} has no print area to print the motive on`,
		'Choose a product with a print area, or leave Motive empty to list the plain product.',
		'motiveId',
	);
}

/** The listing of one print product (see the file's comment). */
export function storefrontListing(input: ListingInput): IDataObject {
	const product = simplifyProduct(input.product);
	const productId = Number(product.id);
	const productName = text(product.name) || `Product ${productId}`;
	const { title, description } = localized(input);
	const { country, motive } = input;
	// A listing with a motive prints it on one area, and its SKUs say so (storefrontSku.ts).
	const printArea = motive ? printAreaOf(product, productName, input.printAreaId) : undefined;
	const print =
		motive && printArea
			? { motiveId: Number(motive.id), productAreaId: printArea.productAreaId }
			: undefined;
	const prices = product.prices.filter((price) => String(price.countryId) === String(country.id));
	if (!prices.length) {
		const priced = [
			...new Set(
				product.prices.map(
					(price) => `${countryName(input, price.countryId)} (${text(price.currency)})`,
				),
			),
		];
		throw new InputError(
			`${productName} has no price in ${country.code ?? `country ${country.id}`}; it is priced in ${priced.join(', ') || 'no country'}`,
			'Choose a Country the product is priced in (Product → Get Expanded lists its prices).',
			'country',
		);
	}
	const same = (a: unknown, b: unknown) => String(a) === String(b);
	// A price names its size; one that names none is the product's price in every size.
	const priceOf = (sizeId: unknown) =>
		prices.find((price) => same(price.assignedSizeId, sizeId)) ??
		prices.find((price) => isBlank(price.assignedSizeId));

	const pairs = product.skus.filter((sku) => sku.available || !input.onlyAvailable);
	const colors = product.colors.filter((color) =>
		pairs.some((sku) => same(sku.assignedColorId, color.assignedColorId)),
	);
	const sizes = product.sizes.filter((size) =>
		pairs.some((sku) => same(sku.assignedSizeId, size.assignedSizeId)),
	);
	const unpriced = sizes.filter((size) => !priceOf(size.assignedSizeId));
	if (unpriced.length) {
		throw new InputError(
			`${productName} has no price in ${country.code ?? `country ${country.id}`} for size ${unpriced.map((size) => text(size.name)).join(', ')}`,
			'Choose a Country the product is priced in for every size (Product → Get Expanded lists its prices), or turn Only Available on if those sizes cannot be ordered.',
			'country',
		);
	}
	// In the product's order of colors, then sizes: the order a store shows them in.
	const variants: IDataObject[] = [];
	for (const color of colors) {
		for (const size of sizes) {
			const sku = pairs.find(
				(pair) =>
					same(pair.assignedColorId, color.assignedColorId) &&
					same(pair.assignedSizeId, size.assignedSizeId),
			);
			if (!sku) continue;
			const price = priceOf(size.assignedSizeId);
			const colorName = text(color.name);
			const sizeName = text(size.name);
			variants.push({
				sku: encodeStorefrontSku({
					productId,
					assignedColorId: Number(sku.assignedColorId),
					assignedSizeId: Number(sku.assignedSizeId),
					...(print ? { print } : {}),
				}),
				color: colorName,
				size: sizeName,
				options: [
					{ name: 'Color', value: colorName },
					{ name: 'Size', value: sizeName },
				],
				available: sku.available,
				price: Number(price?.price),
				currency: text(price?.currency) || country.currency || '',
				...(color.rgb === undefined ? {} : { rgb: color.rgb as string }),
				assignedColorId: Number(sku.assignedColorId),
				assignedSizeId: Number(sku.assignedSizeId),
			});
		}
	}
	const { sharedProduct } = input;
	const listingTitle = sharedProduct
		? sharedProduct.name
		: motive
			? `${motive.name} – ${title}`
			: title;
	const images = motive?.previewUrl ? [{ url: motive.previewUrl, alt: listingTitle }] : [];
	const listingDescription = [motive?.description, description]
		.filter((part) => !!part)
		.join('\n\n');
	return {
		productId,
		handle: listingHandle(productId, input),
		title: listingTitle,
		description: listingDescription,
		descriptionHtml: descriptionAsHtml(listingDescription),
		...(input.language === undefined ? {} : { language: input.language }),
		country: country.code ?? country.id,
		currency: text(prices[0].currency) || country.currency || '',
		options: [
			{ name: 'Color', values: colors.map((color) => text(color.name)) },
			{ name: 'Size', values: sizes.map((size) => text(size.name)) },
		],
		variants,
		images,
		...(motive ? { motive: { id: motive.id, name: motive.name } } : {}),
		...(printArea ? { printArea } : {}),
		...(sharedProduct ? { sharedProduct: { ...sharedProduct } } : {}),
	};
}
