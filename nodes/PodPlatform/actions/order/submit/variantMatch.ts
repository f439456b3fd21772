/**
 * A design's color and size matched against its product: each option (color, size) settled from
 * the sources that give it (its field, the storefront's variant, a SKU text), two that disagree
 * being a problem; a variant's values matched to the option they fit (once per product and value,
 * for the lines that repeat a title); values that fit no option reported.
 */

import { derivedOnce } from '../../../../shared/acrossExecutions';
import type { OrderProduct } from '../../common/catalog/types';
import { named, nameOrId, offSaleFix, stillMade } from './skuCheck';
import { sameName, variantValues } from './variantValues';
import type { VariantValue } from './variantValues';

/** A whole number given as text: an ID rather than a name. */
export const WHOLE_NUMBER = /^\d+$/;

/** The records a value names: by ID, or by a name ignoring case and spelling (`sameName`). */
export function matching<T>(
	value: string,
	records: T[],
	idOf: (record: T) => unknown,
	namesOf: (record: T) => unknown[],
): T[] {
	return records.filter(
		(record) =>
			(WHOLE_NUMBER.test(value) && String(idOf(record)) === value) ||
			namesOf(record).some((name) => sameName(name, value)),
	);
}

/** How one option of a product (its colors, its sizes) is named and matched. */
export interface OptionKind {
	/** "color", "size". */
	noun: 'color' | 'size';
	/** The form's field. */
	field: 'Color' | 'Size';
	/** The design's wire key. */
	wire: 'assignedColor' | 'assignedSize';
	records(product: OrderProduct): Array<{ id: unknown; name: unknown }>;
}

/*
 * An option's records of a product are made once per product read (shared/acrossExecutions.ts,
 * derivedOnce): the run's products are shared by every line that orders them, and each line
 * matches its words against them.
 */

export const COLOR: OptionKind = {
	noun: 'color',
	field: 'Color',
	wire: 'assignedColor',
	records: derivedOnce('color records of a product', (product: OrderProduct) =>
		product.colors.map((c) => ({ id: c.assignedColorId, name: c.name })),
	),
};

export const SIZE: OptionKind = {
	noun: 'size',
	field: 'Size',
	wire: 'assignedSize',
	records: derivedOnce('size records of a product', (product: OrderProduct) =>
		product.sizes.map((s) => ({ id: s.assignedSizeId, name: s.name })),
	),
};

/** "White, Black": what a product offers, by name. */
export function offers(records: Array<{ id: unknown; name: unknown }>): string {
	return records.map((record) => nameOrId(record.name, record.id)).join(', ') || 'nothing';
}

/** One option (color or size) of a design, settled from the sources that give it. */
export class OptionChoice {
	private settled?: { id: number; source: string };

	constructor(
		private readonly kind: OptionKind,
		private readonly product: OrderProduct | undefined,
		private readonly report: (message: string, fix: string) => void,
	) {}

	get id(): number | undefined {
		return this.settled?.id;
	}

	/** Settle the option from a source; two sources that disagree are a problem. */
	settle(id: number, source: string): void {
		if (!this.settled) {
			this.settled = { id, source };
			return;
		}
		if (this.settled.id === id) return;
		const name = (which: number) =>
			nameOrId(
				this.product &&
					this.kind.records(this.product).find((record) => String(record.id) === String(which))
						?.name,
				which,
			);
		this.report(
			`${this.settled.source} gives ${this.kind.noun} ${name(this.settled.id)}, but ${source} gives ${name(id)}`,
			`Give the ${this.kind.noun} once, or make ${this.settled.source} and ${source} agree.`,
		);
	}
}

/**
 * The check a product's option names and IDs must pass, for a value given by the merchant, or by
 * this node's storefront SKU (`listing`: the store's variant beside it).
 */
export function resolveOption(
	kind: OptionKind,
	value: string,
	product: OrderProduct | undefined,
	strict: boolean,
	report: (message: string, fix: string) => void,
	listing?: { variant: unknown },
): number | undefined {
	if (!product) {
		if (WHOLE_NUMBER.test(value)) return Number(value);
		report(
			`${kind.noun} "${value}" is a name, and the product was not read to match it`,
			`Give the ${kind.noun} by ID, or turn Check SKUs on so that the product is read.`,
		);
		return undefined;
	}
	const records = kind.records(product);
	const found = matching(
		value,
		records,
		(record) => record.id,
		(record) => [record.name],
	);
	if (found.length === 1) return Number(found[0].id);
	const productName = nameOrId(product.name, product.id);
	if (found.length > 1) {
		report(
			`"${value}" names several ${kind.noun}s of ${productName}: ${found.map((record) => named(record.name, record.id)).join(', ')}`,
			`Choose the ${kind.noun} from the list, or give its ID.`,
		);
		return undefined;
	}
	if (WHOLE_NUMBER.test(value)) {
		// The service judges an ID the run does not check.
		if (!strict) return Number(value);
		if (listing) {
			// A store's variant of a color or size the product has dropped: named as the store names it.
			const shown = listedName(kind, listing.variant, product);
			report(
				`${shown ?? `the ${kind.noun} of its SKU (${value})`} is no longer made for ${productName}; it offers ${stillMade(product, kind.noun).join(', ') || 'nothing'}`,
				offSaleFix(
					shown ? `the ${shown} variants` : `the store's variants of that ${kind.noun}`,
					true,
				),
			);
			return undefined;
		}
		report(
			`${kind.field} ${value} is not a ${kind.noun} of ${productName}, which offers ${records.map((record) => named(record.name, record.id)).join(', ')}`,
			`The Product changed after the ${kind.field} was chosen: choose the ${kind.field} again from the list.`,
		);
		return undefined;
	}
	report(
		`no ${kind.noun} ${value}; ${productName} offers ${offers(records)}`,
		`Give one of the product's ${kind.noun} names (any case) or its ID, or choose the ${kind.field} from the list.`,
	);
	return undefined;
}

/**
 * The name a store's variant gives an option the product no longer has: the value its key names
 * (WooCommerce's `pa_color: Black`, shown as given), or the one value without a key that is
 * neither a color nor a size of the product (Shopify's "Black / M" beside a product without Black).
 */
function listedName(kind: OptionKind, variant: unknown, product: OrderProduct): string | undefined {
	const entries = variantValues(variant);
	const keyed = entries.find((entry) => entry.option === kind.noun);
	if (keyed) return keyed.values[keyed.values.length - 1];
	const unknown = entries.filter(
		(entry) => !entry.key && fitsOf(entry, product).every((fit) => !fit.found.length),
	);
	return unknown.length === 1 ? unknown[0].values[0] : undefined;
}

/** The colors and the sizes of a product that one value of a variant names. */
type Fits = Array<{ kind: OptionKind; found: Array<{ id: unknown; name: unknown }> }>;

/**
 * What a variant's value fits, matched once per product (shared/acrossExecutions.ts,
 * derivedOnce): the values of a variant given as text are read once and shared (variantValues),
 * so the lines that repeat a title on one product share the match too.
 */
const fitsOfValue = derivedOnce('what a variant value fits', (entry: VariantValue) =>
	derivedOnce(
		undefined,
		(product: OrderProduct): Fits =>
			[COLOR, SIZE].map((kind) => ({
				kind,
				found: kind
					.records(product)
					.filter((record) => entry.values.some((value) => sameName(record.name, value))),
			})),
	),
);

function fitsOf(entry: VariantValue, product: OrderProduct): Fits {
	return fitsOfValue(entry)(product);
}

/**
 * The color and size a storefront variant names, each value matched to the option it fits; the
 * values without a key that fit neither are returned, for `reportUnmatched` once every other
 * source has spoken.
 */
export function settleFromVariant(
	given: unknown,
	product: OrderProduct,
	color: OptionChoice,
	size: OptionChoice,
	report: (message: string, fix: string) => void,
	inStore: boolean,
): string[] {
	const productName = nameOrId(product.name, product.id);
	const unmatched: string[] = [];
	const choices = { color, size };
	for (const entry of variantValues(given)) {
		const fits = fitsOf(entry, product);
		const shown = entry.key ? `${entry.key}: ${entry.values[0]}` : entry.values[0];
		const wanted = entry.option ? fits.filter((fit) => fit.kind.noun === entry.option) : fits;
		const hits = wanted.filter((fit) => fit.found.length > 0);
		if (hits.length === 1 && hits[0].found.length === 1) {
			choices[hits[0].kind.noun as 'color' | 'size'].settle(
				Number(hits[0].found[0].id),
				`the Variant (${shown})`,
			);
		} else if (hits.length > 0) {
			report(
				`the Variant's "${shown}" fits several options of ${productName}: ${hits.flatMap((hit) => hit.found.map((record) => `${hit.kind.noun} ${named(record.name, record.id)}`)).join(', ')}`,
				inStore
					? "Name the store's variant options exactly as the product names its colors and sizes (any case)."
					: 'Give the color and size in the Color and Size fields instead.',
			);
		} else if (entry.option) {
			const kind = entry.option === 'color' ? COLOR : SIZE;
			report(
				`no ${kind.noun} ${entry.values[0]}; ${productName} offers ${offers(kind.records(product))}`,
				inStore
					? `Give the store's ${kind.noun} option the name the product lists (any case).`
					: `Give the storefront's ${kind.noun} the name the product lists (any case), or set the ${kind.field} field.`,
			);
		} else if (!entry.key) {
			// A value under a key that names neither option (an engraving, a gift note) is not a variant.
			unmatched.push(entry.values[0]);
		}
	}
	return unmatched;
}

/**
 * Variant values that matched neither option: each is a customer's choice the product does not
 * offer, a problem even where a SKU or a field names the variant ("purple" beside a Red SKU would
 * print Red). With one option settled by the values, what is left names the other.
 */
export function reportUnmatched(
	unmatched: string[],
	product: OrderProduct,
	color: OptionChoice,
	size: OptionChoice,
	report: (message: string, fix: string) => void,
	inStore: boolean,
): void {
	if (!unmatched.length) return;
	const open = [
		...(color.id === undefined ? [COLOR] : []),
		...(size.id === undefined ? [SIZE] : []),
	];
	const productName = nameOrId(product.name, product.id);
	report(
		open.length === 1
			? `no ${open[0].noun} ${unmatched.join(', ')}; ${productName} offers ${offers(open[0].records(product))}`
			: `no color or size ${unmatched.join(', ')}; ${productName} offers colors ${offers(COLOR.records(product))} and sizes ${offers(SIZE.records(product))}`,
		inStore
			? "Name the store's variant options as the product names its colors and sizes (any case)."
			: "Give the storefront's option values the names the product lists (any case), or set the Color and Size fields.",
	);
}
