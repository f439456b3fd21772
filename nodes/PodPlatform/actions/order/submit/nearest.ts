/**
 * What a shop has that is nearest to a SKU or product name it lacks: the few products whose SKU
 * or name differs least from it, so that an unknown SKU's problem names what the merchant likely
 * meant ("IPOD2008 (IPod Nano - 8gb)") instead of nothing.
 */

/** A product as the shop lists it: what a merchant recognises it by. */
interface NamedProduct {
	name: string;
	sku?: string;
}

/** At most this many products are named. */
const SHOWN = 3;

/** The number of single-character edits that turn one text into the other. */
function editDistance(a: string, b: string): number {
	let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		for (let j = 1; j <= b.length; j++) {
			current[j] = Math.min(
				previous[j] + 1,
				current[j - 1] + 1,
				previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
			);
		}
		previous = current;
	}
	return previous[b.length];
}

/**
 * How far a word is from a text, ignoring case: 0 when one holds the other (a variant's SKU holds
 * its product's), else the edits between them; undefined when they are too far apart to be a slip.
 */
function distance(word: string, text: string | undefined): number | undefined {
	if (!text) return undefined;
	const [w, t] = [word.toLowerCase(), text.toLowerCase()];
	if (w.includes(t) || t.includes(w)) return Math.abs(w.length - t.length) / 100;
	const edits = editDistance(w, t);
	return edits <= Math.max(2, Math.floor(Math.min(w.length, t.length) / 3)) ? edits : undefined;
}

/** "TEE-CLASSIC (Classic T-Shirt)": a product as a merchant finds it again. */
export function productLabel(product: NamedProduct): string {
	return product.sku ? `${product.sku} (${product.name})` : `"${product.name}"`;
}

/** The shop's products nearest to a word, by SKU or by name, nearest first. */
export function nearestProducts<T extends NamedProduct>(word: string, products: T[]): T[] {
	return products
		.map((product) => {
			const distances = [distance(word, product.sku), distance(word, product.name)].filter(
				(d): d is number => d !== undefined,
			);
			return { product, distance: distances.length ? Math.min(...distances) : undefined };
		})
		.filter((entry): entry is { product: T; distance: number } => entry.distance !== undefined)
		.sort((a, b) => a.distance - b.distance)
		.slice(0, SHOWN)
		.map((entry) => entry.product);
}
