/**
 * Storefront words to service IDs, checked while the order is checked: the resolver of a run,
 * composing the steps of a design (its product, chooseProduct.ts; a variant its SKU names; its
 * color and size; each one left unchosen), a print area by ID or name, a motive by name, the
 * country. A color and size are matched by ID or by the name the product lists (any case), or
 * read from the variant as a storefront gives it. Everything is matched against what the run read
 * (the expanded product, the product and motive look-ups, common/catalog/), so resolving costs no
 * request of its own; every unknown or ambiguous word is a problem of the order, listing what the
 * product offers or what the shop has nearest to it, reported with every other problem before
 * anything is sent. A variant value that names no option of the product is a problem whatever else
 * names the variant: a customer's choice is never dropped.
 */

import { InputError } from '../../../../shared/errors';
import { chosenId } from '../payloads/orderValues';
import { placeText } from '../payloads/problems';
import type { Problems } from '../payloads/problems';
import { isPlainObject, isBlank } from '../../../../shared/values';
import type { DesignGiven, ResolvedDesign, Resolver } from './types';
import type { CatalogView, OrderProduct } from '../../common/catalog/types';
import { chooseProduct } from './chooseProduct';
import type { DesignReport, ProductChoice } from './chooseProduct';
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

/** The text of a value given as `7`, `"Black"`, `{id: 7}` or `{name: "Black"}`. */
export function givenText(value: unknown): string | undefined {
	const raw = isPlainObject(value) ? (isBlank(value.id) ? value.name : value.id) : value;
	if (isBlank(raw) || isPlainObject(raw) || Array.isArray(raw)) return undefined;
	return String(raw).trim() || undefined;
}

/** A design's report, which remembers whether it reported a problem (see `reportUnchosen`). */
interface DesignReportOf extends DesignReport {
	reported: boolean;
}

/** How the steps of one design report its problems: each names the design, in the order made. */
function designReport(given: DesignGiven, problems: Problems): DesignReportOf {
	const add = (message: string, fix: string, field = given.path, paths?: string[]) => {
		report.reported = true;
		problems.add({
			where: placeText(given.where),
			message,
			fix,
			field,
			...(paths ? { paths } : {}),
		});
	};
	const report: DesignReportOf = {
		reported: false,
		add,
		on: (part: string) => (message: string, fix: string) =>
			add(message, fix, given.path, [`${given.path}.${part}`]),
		check: <T>(run: () => T) => problems.check(given.where, run),
	};
	return report;
}

/** The chosen product with its record as the run read it: what the later steps take. */
interface ChosenProduct extends ProductChoice {
	product?: OrderProduct;
}

/**
 * The chosen product's record, and the color and size the design's SKU names: a product given by
 * ID may still name its variant by SKU.
 */
function readChosen(choice: ProductChoice, given: DesignGiven, view: CatalogView): ChosenProduct {
	const { productId } = choice;
	const product = productId === undefined ? undefined : view.product(productId);
	if (!product || !given.sku || choice.fromSku) return { ...choice, product };
	const sku = product.skus.find((candidate) => candidate.sku === given.sku);
	if (!sku) return { ...choice, product };
	const fromSku = {
		assignedColorId: Number(sku.assignedColorId),
		assignedSizeId: Number(sku.assignedSizeId),
	};
	return { ...choice, product, fromSku };
}

/** Whether nothing names the color or size but its own field: an empty one is a choice to make. */
function namedByFieldsOnly(given: DesignGiven): boolean {
	return isBlank(given.variant) && given.sku === undefined;
}

/**
 * A design's color and size, each settled from every source that names it, in this order: its
 * own field, the storefront's variant, the SKU, the product's single option; two sources that
 * disagree are a problem, and so is a variant value that named no option left open.
 */
function settleOptions(
	given: DesignGiven,
	{ productId, product, fromSku }: ChosenProduct,
	strict: boolean,
	report: DesignReport,
): { color: OptionChoice; size: OptionChoice } {
	// A storefront's line read whole: its fixes speak of the store, as no form field shows it.
	const inStore = given.storeLine === true;
	const color = new OptionChoice(COLOR, product, report.on(COLOR.wire));
	const size = new OptionChoice(SIZE, product, report.on(SIZE.wire));
	// Its own fields first: a color or size by ID or by the name the product lists.
	for (const [kind, choice, value] of [
		[COLOR, color, givenText(given.color)],
		[SIZE, size, givenText(given.size)],
	] as const) {
		if (value === undefined) continue;
		const id = resolveOption(kind, value, product, strict, report.on(kind.wire), given.listing);
		if (id !== undefined) choice.settle(id, `the ${kind.field} field`);
	}
	// The variant as a storefront gives it; a value that names no option is kept for the end.
	let unmatched: string[] = [];
	if (!isBlank(given.variant)) {
		if (product) {
			unmatched = settleFromVariant(
				given.variant,
				product,
				color,
				size,
				report.on('variant'),
				inStore,
			);
		} else if (productId !== undefined) {
			report.on('variant')(
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
	if (product) reportUnmatched(unmatched, product, color, size, report.on('variant'), inStore);
	return { color, size };
}

/**
 * A color or size the design leaves unchosen, reported as a choice to make: unless its field gives
 * one, or the design's other words (its variant or SKU) name it and a problem of them was reported
 * already while its product stands.
 */
function reportUnchosen(
	kind: OptionKind,
	given: DesignGiven,
	{ productId, product, productRefused }: ChosenProduct,
	report: DesignReportOf,
): void {
	const value = givenText(kind === COLOR ? given.color : given.size);
	if (value !== undefined || (!namedByFieldsOnly(given) && !productRefused && report.reported)) {
		return;
	}
	const inStore = given.storeLine === true;
	const listed = product
		? ` (${nameOrId(product.name, productId)} offers ${offers(kind.records(product))})`
		: '';
	const hint = inStore
		? `Name the ${kind.noun} in the store's variant as the product names it${listed}.`
		: kind === COLOR
			? `Pick one of the product's colors from the list (choose the Product first), or give its name${listed}.`
			: `Pick one of the sizes offered for the chosen color (choose the Color first), or give its name${listed}.`;
	report.add(
		inStore ? `the variant names no ${kind.noun}` : `choose a ${kind.field}`,
		hint,
		`${given.path}.${kind === COLOR ? 'assignedColor' : 'assignedSize'}`,
	);
}

/**
 * A design resolved step by step: its product (chooseProduct.ts), a variant its SKU names, its
 * color and size, and a problem for each one left unchosen.
 */
function resolveDesign(
	given: DesignGiven,
	problems: Problems,
	view: CatalogView,
	strict: boolean,
): ResolvedDesign {
	const report = designReport(given, problems);
	const choice = chooseProduct(given, view, report);
	// Not looked up (a check without the catalog): the service reads the SKU.
	if (!choice) return { productRefused: false };
	const chosen = readChosen(choice, given, view);
	if (chosen.productRefused) {
		if (namedByFieldsOnly(given)) {
			for (const kind of [COLOR, SIZE]) reportUnchosen(kind, given, chosen, report);
		}
		return { productRefused: true };
	}
	const { color, size } = settleOptions(given, chosen, strict, report);
	if (color.id === undefined) reportUnchosen(COLOR, given, chosen, report);
	if (size.id === undefined) reportUnchosen(SIZE, given, chosen, report);
	return {
		productId: chosen.productId,
		assignedColorId: color.id,
		assignedSizeId: size.id,
		product: chosen.product,
		productRefused: false,
	};
}

/**
 * The print area of a composition: by ID or name among the product's areas, or a view position
 * (FRONT) when no area has that name. Without the product read, an ID goes as given and a name is
 * refused (unless the product is refused already, which says why).
 */
function resolvePrintArea(
	design: ResolvedDesign,
	value: unknown,
	path: string,
	strict: boolean,
): { id: number } {
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
	if (product) return printAreaOf(product, text, path, strict);
	if (WHOLE_NUMBER.test(text)) return { id: Number(text) };
	// The design's product is refused already: nothing to match the name against.
	if (design.productRefused) return { id: 0 };
	throw new InputError(
		`Print Area "${text}" is a name, and the product was not read to match it`,
		'Give the print area by ID, or turn Check SKUs on so that the product is read.',
		path,
	);
}

/** The one print area of the product a text names; none or several is refused, listing them. */
function printAreaOf(
	product: OrderProduct,
	text: string,
	path: string,
	strict: boolean,
): { id: number } {
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
	const list = areas.map((area) => named(area.name ?? area.view, area.productAreaId)).join(', ');
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
}

/**
 * The resolver of a run: product, color, size, print area and motive matched against the
 * catalog the run read. With `strict` (Check SKUs on) an ID is checked too: a color, size or
 * print area that is not the product's (left from an earlier product) and a pair that is not an
 * available SKU are refused; without it an ID goes to the service as given.
 */
export function catalogResolver(view: CatalogView, strict: boolean): Resolver {
	return {
		design: (given, problems) => resolveDesign(given, problems, view, strict),

		printArea: (design, value, path) => resolvePrintArea(design, value, path, strict),

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

		productsWithSku(sku) {
			const hits = view.skuHits(sku);
			return hits && new Set(hits.map((hit) => hit.productId)).size;
		},

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

		checkVariant(variant, design, where, problems, inStore) {
			if (!strict || !design.product) return;
			const problem = skuProblem(variant, design.product, where, inStore);
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
