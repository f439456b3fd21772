/**
 * The first step of resolving a design (resolve.ts composes the steps): which product it orders,
 * by ID, by SKU (the product's own SKU; a color/size SKU text where the service has them) or by
 * its name, or that none can be chosen and why. A SKU or name that names no product or several
 * is a problem listing the products it names, or the shop's products nearest to it.
 */

import { chosenId } from '../payloads/orderValues';
import { isBlank } from '../../../../shared/values';
import type { DesignGiven } from './types';
import type { CatalogView, NamedProduct, SkuHit } from '../../common/catalog/types';
import { nearestProducts, productLabel } from './nearest';
import { named, nameOrId } from './skuCheck';

const PRODUCT_HINT =
	"Pick the product to print on from the list, give its ID, choose By SKU and give the product's SKU, or choose By Name and give its name.";

/** The product a design orders, as the next steps take it. */
export interface ProductChoice {
	/** Undefined where the product is refused. */
	productId?: number;
	/** The color and size the design's SKU names, where a SKU hit names them. */
	fromSku?: SkuHit['variant'];
	/** Whether no product could be chosen (a problem says why). */
	productRefused: boolean;
}

/** How a step reports a problem of the design it resolves. */
export interface DesignReport {
	/** A problem of the design, at its path or at the field given. */
	add(message: string, fix: string, field?: string): void;
	/** A problem of one part of the design, so that a tool names the argument that fills it. */
	on(part: string): (message: string, fix: string) => void;
	/** The value `run` returns, or undefined with the InputError it throws added as a problem. */
	check<T>(run: () => T): T | undefined;
}

/**
 * The product a design orders: by ID, or by the products its SKU and name name when it gives
 * them, or refused with a problem (an empty Product or SKU, an ID that is none, words that name no
 * product or several). Undefined where the words were not looked up (a check without the
 * catalog): the service reads the SKU.
 */
export function chooseProduct(
	given: DesignGiven,
	view: CatalogView,
	report: DesignReport,
): ProductChoice | undefined {
	const byWords = isBlank(given.productId);
	const bySku = byWords && !!given.sku;
	const byName = byWords && !!given.productName;
	if (byWords && given.productName === '') {
		report.add(
			'the Product is empty',
			"Give the product's name as the shop lists it (Product → Find finds it by a part of its name), or its SKU.",
			`${given.path}.productId`,
		);
		return { productRefused: true };
	}
	if (byWords && given.sku === '') {
		report.add(
			'the SKU is empty',
			"Map the line's SKU (for example {{ $json.line_items.sku }}) and give every storefront product the SKU of a catalog product or of one of its variants, or choose the Product from the list.",
			`${given.path}.sku`,
		);
		return { productRefused: true };
	}
	if (!bySku && !byName) {
		const productId = report.check(() =>
			chosenId(given.productId, 'Product', `${given.path}.productId`, PRODUCT_HINT),
		)?.id;
		return { productId, productRefused: productId === undefined };
	}
	const hits = bySku ? view.skuHits(given.sku as string) : [];
	const ofName = byName ? view.productsNamed(given.productName as string) : [];
	if (hits === undefined || ofName === undefined) return undefined;
	const products = [
		...new Set([...hits.map((hit) => hit.productId), ...ofName.map((record) => record.id)]),
	];
	if (products.length === 1) {
		return {
			productId: products[0],
			fromSku: hits.find((hit) => hit.variant)?.variant,
			productRefused: false,
		};
	}
	const [message, fix] = productRefusal(given, products, ofName, view);
	report.on('productId')(message, fix);
	return { productRefused: true };
}

/**
 * Why the words a design gives for its product (a SKU, a name, or either) name no product or
 * several: the message and the fix. Several are listed by name, ID and SKU, as the SKU names one.
 */
function productRefusal(
	given: DesignGiven,
	products: number[],
	ofName: NamedProduct[],
	view: CatalogView,
): [message: string, fix: string] {
	const [message, fix] = productRefusalWords(given, products, ofName, view);
	if (products.length) return [message, fix];
	const word = given.sku ?? given.productName ?? '';
	const shop = view.shopProducts();
	return [`${message}${shopWords(word, shop)}`, fix];
}

/** A shop this small is named whole when nothing of it is near the word: it is read at a glance. */
const SHOP_NAMED_WHOLE = 6;

/**
 * What the shop has, said beside a word it lacks: its products nearest to the word; where none is
 * near, the whole shop when it is small (a store's own SKU scheme, `TEE-BLK-M`, is far from the
 * catalog's `TS`, yet the merchant must see what to give instead); else nothing.
 */
function shopWords(word: string, shop: NamedProduct[] | undefined): string {
	if (!shop?.length) return '';
	const near = nearestProducts(word, shop);
	if (near.length) return `; nearest in the shop: ${near.map(productLabel).join(', ')}`;
	if (shop.length > SHOP_NAMED_WHOLE) return '';
	return `; nothing in the shop is near it; the shop has ${shop.map(productLabel).join(', ')}`;
}

function productRefusalWords(
	given: DesignGiven,
	products: number[],
	ofName: NamedProduct[],
	view: CatalogView,
): [message: string, fix: string] {
	const listed = (id: number) => {
		const record = ofName.find((candidate) => candidate.id === id) ?? view.product(id);
		const sku = isBlank(record?.sku) ? '' : `, SKU ${String(record?.sku)}`;
		return `${nameOrId(record?.name, 'product')} (ID ${id}${sku})`;
	};
	const several = products.map(listed).join(', ');
	if (given.productName === undefined) {
		return [
			products.length
				? `the SKU ${given.sku} names several products: ${products.map((id) => named(view.product(id)?.name, id)).join(', ')}`
				: `no product has the SKU ${given.sku}`,
			given.storeLine
				? "Give the store's variant the SKU of the print product (Product → Find lists each product's SKU and the colors and sizes it is ordered in), and name its options as the product names its colors and sizes."
				: "Give the product's own SKU, as the catalog lists it (Product → Find lists each product's SKU), or choose the Product from the list.",
		];
	}
	if (given.sku === undefined) {
		return products.length
			? [
					`several products are named "${given.productName}": ${several}`,
					'Give the product By SKU: each of them has a SKU of its own (listed here).',
				]
			: [
					`no product is named "${given.productName}"`,
					given.storeLine
						? "Give the store's product the print product's SKU, or its whole name as the shop lists it, any case (Product → Find finds it by a part of its name and answers its SKU)."
						: "Give the product's whole name as the shop lists it, any case (Product → Find finds it by a part of its name and answers its SKU), or give it By SKU.",
				];
	}
	return products.length
		? [
				`"${given.productName}" names several products: ${several}`,
				'Give the SKU of the one you mean (listed here).',
			]
		: [
				`no product has the name or SKU ${given.productName}`,
				"Give the product's SKU or its whole name as the shop lists it, any case (Product → Find finds it by a part of its name or by a SKU).",
			];
}
