/**
 * Storefront words to service IDs, checked while the order is checked: a design's product by ID,
 * by SKU (the product's own SKU; a color/size SKU text where the service has them) or by its name,
 * its color and size by ID or by the name the product lists (any case), the variant as a
 * storefront gives it, a print area by ID or name, a motive by name. Everything is matched against
 * what the run read (the expanded product, the product and motive look-ups, common/catalog/),
 * so resolving costs no request of its own; every unknown or ambiguous word is a problem of the
 * order, listing what the product offers or what the shop has nearest to it, reported with every
 * other problem before anything is sent. A variant value that names no option of the product is a
 * problem whatever else names the variant: a customer's choice is never dropped.
 */

import { InputError } from '../../../../shared/errors';
import { chosenId } from '../payloads/orderValues';
import { placeText } from '../payloads/problems';
import { isPlainObject, isBlank } from '../../../../shared/values';
import type { DesignGiven, Resolver } from './types';
import type { CatalogView, NamedProduct, SkuHit } from '../../common/catalog/types';
import { nearestProducts, productLabel } from './nearest';
import { named, nameOrId, skuProblem } from './skuCheck';
import { sameName } from './variantValues';
import {
	COLOR,
	matching,
	offers,
	OptionChoice,
	reportUnmatched,
	resolveOption,
	settleFromVariant,
	SIZE,
	WHOLE_NUMBER,
} from './variantMatch';
import type { OptionKind } from './variantMatch';

/** At most this many of the account's countries are listed in a refusal. */
const COUNTRIES_LISTED = 12;

const PRODUCT_HINT =
	"Pick the product to print on from the list, give its ID, choose By SKU and give the product's SKU, or choose By Name and give its name.";

/** The text of a value given as `7`, `"Black"`, `{id: 7}` or `{name: "Black"}`. */
export function givenText(value: unknown): string | undefined {
	const raw = isPlainObject(value) ? (isBlank(value.id) ? value.name : value.id) : value;
	if (isBlank(raw) || isPlainObject(raw) || Array.isArray(raw)) return undefined;
	return String(raw).trim() || undefined;
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
	const near = shop ? nearestProducts(word, shop) : [];
	const nearest = near.length ? `; nearest in the shop: ${near.map(productLabel).join(', ')}` : '';
	return [`${message}${nearest}`, fix];
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

/**
 * The resolver of a run: product, color, size, print area and motive matched against the
 * catalog the run read. With `strict` (Check SKUs on) an ID is checked too: a color, size or
 * print area that is not the product's (left from an earlier product) and a pair that is not an
 * available SKU are refused; without it an ID goes to the service as given.
 */
export function catalogResolver(view: CatalogView, strict: boolean): Resolver {
	return {
		design(given, problems) {
			let reported = false;
			const report = (message: string, fix: string, field = given.path, paths?: string[]) => {
				reported = true;
				problems.add({
					where: placeText(given.where),
					message,
					fix,
					field,
					...(paths ? { paths } : {}),
				});
			};
			// A problem of one part of the design, so that a tool names the argument that fills it.
			const reportOn = (part: string) => (message: string, fix: string) =>
				report(message, fix, given.path, [`${given.path}.${part}`]);
			const check = <T>(run: () => T) => problems.check(given.where, run);
			// A storefront's line read whole: its fixes speak of the store, as no form field shows it.
			const inStore = given.storeLine === true;
			let productId: number | undefined;
			let fromSku: SkuHit['variant'];
			let productRefused = false;
			const byWords = isBlank(given.productId);
			const bySku = byWords && !!given.sku;
			const byName = byWords && !!given.productName;
			if (byWords && given.productName === '') {
				productRefused = true;
				report(
					'the Product is empty',
					"Give the product's name as the shop lists it (Product → Find finds it by a part of its name), or its SKU.",
					`${given.path}.productId`,
				);
			} else if (byWords && given.sku === '') {
				productRefused = true;
				report(
					'the SKU is empty',
					"Map the line's SKU (for example {{ $json.line_items.sku }}) and give every storefront product the SKU of a catalog product or of one of its variants, or choose the Product from the list.",
					`${given.path}.sku`,
				);
			} else if (!bySku && !byName) {
				productId = check(() =>
					chosenId(given.productId, 'Product', `${given.path}.productId`, PRODUCT_HINT),
				)?.id;
				productRefused = productId === undefined;
			} else {
				const hits = bySku ? view.skuHits(given.sku as string) : [];
				const ofName = byName ? view.productsNamed(given.productName as string) : [];
				// Not looked up (a check without the catalog): the service reads the SKU.
				if (hits === undefined || ofName === undefined) return { productRefused: false };
				const products = [
					...new Set([...hits.map((hit) => hit.productId), ...ofName.map((record) => record.id)]),
				];
				if (products.length === 1) {
					productId = products[0];
					fromSku = hits.find((hit) => hit.variant)?.variant;
				} else {
					productRefused = true;
					const [message, fix] = productRefusal(given, products, ofName, view);
					reportOn('productId')(message, fix);
				}
			}
			const product = productId === undefined ? undefined : view.product(productId);
			// A product given by ID may still name its variant by SKU.
			if (product && given.sku && !fromSku) {
				const sku = product.skus.find((candidate) => candidate.sku === given.sku);
				if (sku) {
					fromSku = {
						assignedColorId: Number(sku.assignedColorId),
						assignedSizeId: Number(sku.assignedSizeId),
					};
				}
			}
			const color = new OptionChoice(COLOR, product, reportOn(COLOR.wire));
			const size = new OptionChoice(SIZE, product, reportOn(SIZE.wire));
			// Nothing names the color or size but its own field: an empty one is a choice to make.
			const nothingElse = isBlank(given.variant) && given.sku === undefined;
			const unchosen = (kind: OptionKind) => {
				const value = givenText(kind === COLOR ? given.color : given.size);
				if (value !== undefined || (!nothingElse && !productRefused && reported)) return;
				const listed = product
					? ` (${nameOrId(product.name, productId)} offers ${offers(kind.records(product))})`
					: '';
				const hint = inStore
					? `Name the ${kind.noun} in the store's variant as the product names it${listed}.`
					: kind === COLOR
						? `Pick one of the product's colors from the list (choose the Product first), or give its name${listed}.`
						: `Pick one of the sizes offered for the chosen color (choose the Color first), or give its name${listed}.`;
				report(
					inStore ? `the variant names no ${kind.noun}` : `choose a ${kind.field}`,
					hint,
					`${given.path}.${kind === COLOR ? 'assignedColor' : 'assignedSize'}`,
				);
			};
			if (productRefused) {
				if (nothingElse) for (const kind of [COLOR, SIZE]) unchosen(kind);
				return { productRefused };
			}

			for (const [kind, choice, value] of [
				[COLOR, color, givenText(given.color)],
				[SIZE, size, givenText(given.size)],
			] as const) {
				if (value === undefined) continue;
				const id = resolveOption(kind, value, product, strict, reportOn(kind.wire));
				if (id !== undefined) choice.settle(id, `the ${kind.field} field`);
			}
			let unmatched: string[] = [];
			if (!isBlank(given.variant)) {
				if (product) {
					unmatched = settleFromVariant(
						given.variant,
						product,
						color,
						size,
						reportOn('variant'),
						inStore,
					);
				} else if (productId !== undefined) {
					reportOn('variant')(
						'the Variant is matched by name, and the product was not read',
						'Turn Check SKUs on so that the product is read, or give the Color and Size by ID.',
					);
				}
			}
			if (fromSku) {
				color.settle(fromSku.assignedColorId, `the SKU ${given.sku ?? ''}`);
				size.settle(fromSku.assignedSizeId, `the SKU ${given.sku ?? ''}`);
			}
			// A product with a single color or size needs none named.
			for (const [kind, choice] of [
				[COLOR, color],
				[SIZE, size],
			] as const) {
				const records = product ? kind.records(product) : [];
				if (choice.id === undefined && records.length === 1) {
					choice.settle(Number(records[0].id), 'the product');
				}
			}
			if (product) {
				reportUnmatched(unmatched, product, color, size, reportOn('variant'), inStore);
			}
			if (color.id === undefined) unchosen(COLOR);
			if (size.id === undefined) unchosen(SIZE);
			return {
				productId,
				assignedColorId: color.id,
				assignedSizeId: size.id,
				product,
				productRefused,
			};
		},

		printArea(design, value, path) {
			const text = givenText(value);
			if (text === undefined) {
				return chosenId(
					value,
					'Print Area',
					path,
					"Pick one of the product's print areas from the list, or give its ID or name (Product → Get Expanded lists them).",
				);
			}
			const { product } = design;
			if (!product) {
				if (WHOLE_NUMBER.test(text)) return { id: Number(text) };
				// The design's product is refused already: nothing to match the name against.
				if (design.productRefused) return { id: 0 };
				throw new InputError(
					`Print Area "${text}" is a name, and the product was not read to match it`,
					'Give the print area by ID, or turn Check SKUs on so that the product is read.',
					path,
				);
			}
			const areas = product.printAreas;
			// By ID or name first; a view position (FRONT) when no area has that name.
			let found = matching(
				text,
				areas,
				(area) => area.productAreaId,
				(area) => [area.name],
			);
			if (!found.length) found = areas.filter((area) => sameName(area.view, text));
			if (found.length === 1) return { id: Number(found[0].productAreaId) };
			const productName = nameOrId(product.name, product.id);
			const list = areas
				.map((area) => named(area.name ?? area.view, area.productAreaId))
				.join(', ');
			if (found.length > 1) {
				throw new InputError(
					`Print Area "${text}" names several print areas of ${productName}: ${found.map((area) => named(area.name ?? area.view, area.productAreaId)).join(', ')}`,
					'Choose the print area from the list, or give its ID or its full name.',
					path,
				);
			}
			if (WHOLE_NUMBER.test(text)) {
				if (!strict) return { id: Number(text) };
				throw new InputError(
					`Print Area ${text} is not a print area of ${productName}, which offers ${list}`,
					"The design's Product changed after the Print Area was chosen: choose the Print Area again from the list.",
					path,
				);
			}
			throw new InputError(
				`no print area ${text}; ${productName} offers ${list}`,
				"Give one of the product's print area names or view positions (FRONT, BACK), any case, or choose the Print Area from the list.",
				path,
			);
		},

		motive(name, path) {
			const found = view.motivesNamed(name);
			if (found?.length === 1) return { id: found[0].id };
			throw new InputError(
				found === undefined
					? `the motive "${name}" was not looked up`
					: found.length
						? `several motives of the shop are named "${name}": ${found.map((motive) => motive.id).join(', ')}`
						: `the shop has no motive named "${name}"`,
				'Give the name of one motive of the shop (any case), or choose the Motive from the list or by ID.',
				path,
			);
		},

		productsNamed: (name) => view.productsNamed(name)?.length,

		country(country) {
			const countries = view.countries();
			if (!countries) return country;
			const found = countries.find((candidate) =>
				'id' in country
					? candidate.id === country.id
					: candidate.code?.toUpperCase() === country.code,
			);
			if (found) return country;
			const listed = countries.slice(0, COUNTRIES_LISTED).map((c) => c.code ?? String(c.id));
			const more = countries.length > COUNTRIES_LISTED ? ', …' : '';
			throw new InputError(
				`Country ${'id' in country ? country.id : country.code} is not a country of this account, which has ${listed.join(', ')}${more}`,
				"Give one of the account's countries, by its two-letter ISO code or its ID (Country → Get Many lists them).",
				'country',
			);
		},

		checkVariant(variant, design, where, problems) {
			if (!strict || !design.product) return;
			const problem = skuProblem(variant, design.product, where);
			if (problem) problems.add(problem);
		},
	};
}

/** A check without the catalog: IDs go as given, and the service reads a SKU (unit tests). */
export const OFFLINE_RESOLVER: Resolver = catalogResolver(
	{
		product: () => undefined,
		skuHits: () => undefined,
		productsNamed: () => undefined,
		motivesNamed: () => undefined,
		shopProducts: () => undefined,
		countries: () => undefined,
	},
	false,
);
