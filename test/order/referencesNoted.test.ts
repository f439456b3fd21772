/**
 * A property of Submit's two walks (issue 47): whatever an order names, every catalog key the check
 * asks its catalog view for was noted in advance by `noteReferences`, so that a run looks it all up
 * at once and the check never meets a key that was not looked up. Drafts are generated from the
 * Order JSON reader with every kind of reference (product by number, by text, by SKU, by name, by
 * this node's storefront SKU, mistyped or not; motives by ID and by name), and checked against a
 * view that answers "not looked up", "none" and "found" in turn. A product the check reads may
 * also be one a look-up the view answered found.
 */
import { encodeStorefrontSku } from '../../nodes/PodPlatform/actions/common/storefrontSku';
import type { CatalogView } from '../../nodes/PodPlatform/actions/common/catalog/types';
import { checkDraft } from '../../nodes/PodPlatform/actions/order/submit/check';
import { readOrderJson } from '../../nodes/PodPlatform/actions/order/submit/deferredOrder';
import { noteReferences } from '../../nodes/PodPlatform/actions/order/submit/references';
import { catalogResolver } from '../../nodes/PodPlatform/actions/order/submit/resolve';
import { jsonOrder } from './fixtures';

/** A small deterministic generator, so that a failure names a seed that repeats it. */
function generator(seed: number) {
	let state = seed;
	const next = () => {
		state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
		return state / 2 ** 31;
	};
	return { pick: <T>(options: T[]): T => options[Math.floor(next() * options.length)] };
}

const SKU = encodeStorefrontSku({ productId: 1002, assignedColorId: 2001, assignedSizeId: 3002 });
const productWays: Array<Record<string, unknown>> = [
	{ productId: 1001 },
	{ productId: '1001' },
	{ productId: ' 1003 ' },
	{ productId: '', sku: 'TEE-CLASSIC' },
	{ sku: 'TEE-CLASSIC-BLACK-M' },
	{ productId: '', productName: 'Classic T-Shirt' },
	{ sku: 'HD', productName: 'Zip Hoodie' },
	{ sku: SKU },
	{ sku: SKU.slice(0, -1) + (SKU.endsWith('A') ? 'B' : 'A') },
	{ productId: 1001, sku: 'TEE-CLASSIC' },
	{},
];
const motiveWays: Array<Record<string, unknown>> = [
	{ motive: { id: 5001 } },
	{ motive: { name: 'Company logo' } },
	{ motive: { id: '', name: 'Star' } },
	{ motive: { id: 5002, name: 'Ignored' } },
	{ url: 'https://files.example.com/x.png' },
];

function generatedDraft(seed: number) {
	const { pick } = generator(seed);
	const body = jsonOrder(`PROP-${seed}`).creatorse_productionOrderDeferred;
	const [template] = body.designs.creatorse_design;
	const designs = [1, 2, 3].slice(0, 1 + (seed % 3)).map(() => {
		const { productId, productName, sku } = pick(productWays);
		const design: Record<string, unknown> = { ...template, productId, sku };
		design.compositions = {
			creatorse_composition: [
				{
					productArea: { id: 4001 },
					elements: [{ creatorse_designElementMotive: pick(motiveWays) }],
				},
			],
		};
		return { design, productName };
	});
	body.designs = { creatorse_design: designs.map(({ design }) => design) };
	const draft = readOrderJson(body);
	// The product by name, as the form and storefront readers give it (Order JSON has no such key).
	const drafted = Array.isArray(draft.designs) ? draft.designs : [];
	designs.forEach(({ productName }, d) => {
		const design = drafted[d] as { productName?: string; productId?: unknown };
		if (typeof productName === 'string' && design && typeof design === 'object') {
			design.productName = productName;
			design.productId = '';
		}
	});
	return draft;
}

type Answer = 'not looked up' | 'none' | 'found';

/** A catalog view that answers every key the same way and records what it was asked. */
function recordingView(answer: Answer) {
	const asked = {
		productIds: new Set<number>(),
		skus: new Set<string>(),
		productNames: new Set<string>(),
		motiveNames: new Set<string>(),
	};
	const foundProducts = new Set<number>();
	const lookUp = <T>(found: T[]): T[] | undefined =>
		answer === 'not looked up' ? undefined : answer === 'none' ? [] : found;
	const view: CatalogView = {
		product(productId) {
			asked.productIds.add(productId);
			return undefined;
		},
		skuHits(sku) {
			asked.skus.add(sku);
			const hits = lookUp([{ productId: 1007 }]);
			if (hits) for (const hit of hits) foundProducts.add(hit.productId);
			return hits;
		},
		productsNamed(name) {
			asked.productNames.add(name);
			const named = lookUp([{ id: 1008, name }]);
			if (named) for (const product of named) foundProducts.add(product.id);
			return named;
		},
		motivesNamed(name) {
			asked.motiveNames.add(name);
			return lookUp([{ id: 5009, name }]);
		},
		shopProducts: () => undefined,
		countries: () => undefined,
	};
	return { view, asked, foundProducts };
}

test.each(['not looked up', 'none', 'found'] as Answer[])(
	'every key the check asks for was noted first (the view answers %s), over 200 generated orders',
	(answer) => {
		let keysAsked = 0;
		for (let seed = 1; seed <= 200; seed++) {
			const draft = generatedDraft(seed);
			const noted = noteReferences(draft);
			for (const strict of [true, false]) {
				const { view, asked, foundProducts } = recordingView(answer);
				try {
					checkDraft(draft, catalogResolver(view, strict));
				} catch {
					// A refused order is checked as far as any order is: what it asked is what counts.
				}
				const unnoted = {
					seed,
					strict,
					productIds: [...asked.productIds].filter(
						(id) => !noted.productIds.has(id) && !foundProducts.has(id),
					),
					skus: [...asked.skus].filter((sku) => !noted.skus.has(sku)),
					productNames: [...asked.productNames].filter((name) => !noted.productNames.has(name)),
					motiveNames: [...asked.motiveNames].filter((name) => !noted.motiveNames.has(name)),
				};
				expect(unnoted).toEqual({
					seed,
					strict,
					productIds: [],
					skus: [],
					productNames: [],
					motiveNames: [],
				});
				keysAsked +=
					asked.productIds.size +
					asked.skus.size +
					asked.productNames.size +
					asked.motiveNames.size;
			}
		}
		// The walk met keys: a check that asked nothing would prove nothing.
		expect(keysAsked).toBeGreaterThan(200);
	},
);
