/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
import { readOrderJson } from '../../nodes/PodPlatform/actions/order/submit/deferredOrder';
import { bitmapTypeOf } from '../../nodes/PodPlatform/actions/order/submit/elements';
import { submittedOrderOf } from '../../nodes/PodPlatform/actions/order/submit/exactlyOnce';
import { placeOfRefusal } from '../../nodes/PodPlatform/actions/order/submit/wire';
import { formDraft } from '../../nodes/PodPlatform/actions/order/submit/guidedForm';
import type { DeferredOrderForm } from '../../nodes/PodPlatform/actions/order/submit/guidedForm';
import type { DraftDesign } from '../../nodes/PodPlatform/actions/order/submit/draft';
import { draftDesign } from '../../nodes/PodPlatform/actions/order/submit/draftParts';
import type { FormPrint } from '../../nodes/PodPlatform/actions/order/submit/formPrints';
import { linePlace } from '../../nodes/PodPlatform/actions/order/submit/readStorefront';
import { checkOrder } from '../../nodes/PodPlatform/actions/order/submit/orderInput';
import { catalogResolver } from '../../nodes/PodPlatform/actions/order/submit/resolve';
import { noteReferences } from '../../nodes/PodPlatform/actions/order/submit/references';
import type { Resolver } from '../../nodes/PodPlatform/actions/order/submit/types';
import {
	buildDraftOrder,
	buildIncrementalDesign,
} from '../../nodes/PodPlatform/actions/order/payloads/draftOrder';
import { InputError } from '../../nodes/shared/errors';
import { problemsOf } from '../../nodes/PodPlatform/actions/order/payloads/problems';
import { guidedForm, jsonOrder, PNG, JPEG } from './fixtures';

/** An Order JSON read into its draft, checked and written. */
const validateDeferredOrder = (input: unknown, { resolver }: { resolver?: Resolver } = {}) =>
	checkOrder(readOrderJson(input), resolver);
/** The guided form read into its draft, checked and written. */
const buildDeferredOrder = (form: DeferredOrderForm) => checkOrder(formDraft(form));

/** The Classic T-Shirt as the run reads it expanded: two colors, two sizes, one SKU. */
const TEE = {
	id: 1001,
	name: 'Classic T-Shirt',
	colors: [
		{ assignedColorId: 2001, name: 'White' },
		{ assignedColorId: 2002, name: 'Black' },
	],
	sizes: [
		{ assignedSizeId: 3002, name: 'M' },
		{ assignedSizeId: 3006, name: '3XL' },
	],
	views: [],
	printAreas: [
		{ productAreaId: 4001, name: 'Front', view: 'FRONT' },
		{ productAreaId: 4002, name: 'Back', view: 'BACK' },
	],
	skus: [{ id: 1, available: true, assignedColorId: 2001, assignedSizeId: 3002 }],
	prices: [],
};

/** A resolver with Check SKUs on whose catalog read holds the Classic T-Shirt alone. */
const teeResolver = () =>
	catalogResolver(
		{
			product: (id) => (id === TEE.id ? TEE : undefined),
			skuHits: () => undefined,
			productsNamed: () => undefined,
			shopProducts: () => undefined,
			countries: () => undefined,
			motivesNamed: () => undefined,
		},
		true,
	);

function refusal(run: () => unknown): InputError {
	try {
		run();
	} catch (error) {
		expect(error).toBeInstanceOf(InputError);
		return error as InputError;
	}
	throw new Error('expected a refusal');
}

describe('deferred order payload', () => {
	test('the guided form and the JSON body give the same wire payload', () => {
		const fromForm = buildDeferredOrder(guidedForm());
		const fromJson = validateDeferredOrder(jsonOrder());
		expect(fromForm.body).toEqual(fromJson.body);
		expect(fromForm.variants).toEqual(fromJson.variants);
		expect(fromForm.uniqueId).toBe(fromJson.uniqueId);
		expect(fromJson.body).toEqual({
			creatorse_productionOrderDeferred: expect.objectContaining({
				uniqueId: 'SHOP-1001',
				country: { code: 'DE' },
				orderShipping: { title: 'Standard', carrier: { id: 21 } },
			}),
		});
		const design = (fromForm.body.creatorse_productionOrderDeferred as any).designs
			.creatorse_design[0];
		expect(design.compositions.creatorse_composition).toHaveLength(2);
		expect(design.compositions.creatorse_composition[0]).toEqual({
			productArea: { id: 4001 },
			elements: [
				{
					creatorse_designElementMotive: {
						motive: { id: 5001 },
						position: { left: 10, right: 10, top: '5%' },
					},
				},
				{
					creatorse_designElementDdf: {
						previewResource: { url: 'https://files.example.com/p.png' },
						productionResource: { url: 'https://files.example.com/p.pdf', filename: 'print.pdf' },
					},
				},
			],
		});
	});

	test('the root key is optional, collections may be bare arrays or single objects', () => {
		const inner = jsonOrder().creatorse_productionOrderDeferred;
		const relaxed = {
			...inner,
			country: 'de',
			designs: inner.designs.creatorse_design,
			passthroughItems: {
				creatorse_passthroughItem: inner.passthroughItems.creatorse_passthroughItem[0],
			},
		};
		expect(validateDeferredOrder(relaxed)).toEqual(validateDeferredOrder(jsonOrder()));
	});

	test('country by ID, by code; a code must be two letters', () => {
		const withCountry = (country: unknown) =>
			validateDeferredOrder({ ...jsonOrder().creatorse_productionOrderDeferred, country }).body;
		expect((withCountry({ id: '2' }).creatorse_productionOrderDeferred as any).country).toEqual({
			id: 2,
		});
		expect((withCountry({ code: 'dk' }).creatorse_productionOrderDeferred as any).country).toEqual({
			code: 'DK',
		});
		expect(refusal(() => withCountry({ code: 'DEU' })).message).toMatch(/two-letter ISO code/);
		expect(refusal(() => withCountry(undefined)).message).toBe('choose a Country');
	});

	test.each([
		[
			'missing shipping address',
			(o: any) => delete o.customer.shippingAddress,
			/^Shipping Address is empty$/,
			'customer.shippingAddress',
		],
		[
			'amount zero',
			(o: any) => (o.designs.creatorse_design[0].amount = 0),
			/^Design 1: Amount must be a positive whole number, got 0$/,
			'designs.creatorse_design[0].amount',
		],
		[
			'amount fraction',
			(o: any) => (o.designs.creatorse_design[0].amount = '1.5'),
			/Amount must be a positive whole number/,
			'designs.creatorse_design[0].amount',
		],
		[
			'DDF file name without extension',
			(o: any) =>
				(o.designs.creatorse_design[0].compositions.creatorse_composition[0].elements[1].creatorse_designElementDdf.productionResource.filename =
					'print'),
			/^Design 1 › Composition 1 › Element 2: Production File Name must carry a file extension/,
			'designs.creatorse_design[0].compositions.creatorse_composition[0].elements[1].creatorse_designElementDdf.productionResource.filename',
		],
		[
			'too many passthrough items',
			(o: any) =>
				(o.passthroughItems.creatorse_passthroughItem = Array.from({ length: 101 }, (_, i) => ({
					sku: `S${i}`,
					quantity: 1,
				}))),
			/at most 100 passthrough items, got 101/,
			'passthroughItems',
		],
		[
			'a position that is neither a number nor N%',
			(o: any) =>
				(o.designs.creatorse_design[0].compositions.creatorse_composition[0].elements[0].creatorse_designElementMotive.position.left =
					'10mm'),
			/^Design 1 › Composition 1 › Element 1: Position left must be a number of millimeters or a percentage/,
			'designs.creatorse_design[0].compositions.creatorse_composition[0].elements[0].creatorse_designElementMotive.position.left',
		],
		[
			'an element the client cannot name',
			(o: any) =>
				o.designs.creatorse_design[0].compositions.creatorse_composition[0].elements.push({
					designElementMotive: { motive: { id: 5001 } },
				}),
			/^Design 1 › Composition 1 › Element 3: the key "designElementMotive" is not a design element the client can name/,
			'designs.creatorse_design[0].compositions.creatorse_composition[0].elements[2]',
		],
		[
			'an inline motive that is not JPEG or PNG',
			(o: any) =>
				(o.designs.creatorse_design[0].compositions.creatorse_composition[1].elements[0] = {
					creatorse_designElementMotive: {
						attachment: Buffer.from('GIF89a....').toString('base64'),
						filename: 'x.png',
					},
				}),
			/^Design 1 › Composition 2 › Element 1: the motive file is not a JPEG or PNG image$/,
			'designs.creatorse_design[0].compositions.creatorse_composition[1].elements[0].creatorse_designElementMotive.attachment',
		],
		[
			'a misspelt collection wrapper',
			(o: any) => (o.designs = { design: o.designs.creatorse_design }),
			/Designs must hold "creatorse_design" items/,
			'designs',
		],
		[
			'a recipient name in the shipping address',
			(o: any) => (o.customer.shippingAddress.firstName = 'Grace'),
			/^Shipping Address has "firstName", which an order address cannot carry$/,
			'customer.shippingAddress.firstName',
		],
		[
			'a company in the billing address',
			(o: any) => (o.customer.billingAddress = { street: 'Main', company: 'ACME Ltd' }),
			/^Billing Address has "company", which an order address cannot carry$/,
			'customer.billingAddress.company',
		],
		[
			'a template product with assigned size 0',
			(o: any) => (o.templates.creatorse_designedTemplateProduct[0].assignedSize = { id: 0 }),
			/^Template Product 1: Assigned Size ID must be a positive whole number, got 0$/,
			'templates.creatorse_designedTemplateProduct[0].assignedSize.id',
		],
		[
			'no items at all',
			(o: any) => {
				delete o.designs;
				delete o.templates;
				delete o.passthroughItems;
			},
			/no items/,
			'designs',
		],
	])('refuses %s', (_name, spoil, message, path) => {
		const order = jsonOrder().creatorse_productionOrderDeferred;
		spoil(order);
		const error = refusal(() => validateDeferredOrder(order));
		expect(error.message).toMatch(message);
		expect(error.field).toBe(path);
		expect(error.description.length).toBeGreaterThan(10);
	});

	test('an address carries only the contract keys; a refused key says where a name can go', () => {
		const order = jsonOrder().creatorse_productionOrderDeferred;
		// Blank values lose nothing, so a mapping that yields an empty name still passes.
		order.customer.shippingAddress = { ...order.customer.shippingAddress, company: '', zip: 10115 };
		const out = validateDeferredOrder(order).body as any;
		expect(out.creatorse_productionOrderDeferred.customer.shippingAddress).toEqual({
			street: 'Hauptstr.',
			streetNo: '5',
			city: 'Berlin',
			zip: '10115',
			countryCode: 'DE',
		});

		const hintFor = (key: string) => {
			const spoilt = jsonOrder().creatorse_productionOrderDeferred;
			spoilt.customer.shippingAddress[key] = 'x';
			return refusal(() => validateDeferredOrder(spoilt)).description;
		};
		for (const key of ['firstName', 'lastName', 'company', 'name']) {
			expect(hintFor(key)).toMatch(/customer's firstName and lastName/);
			expect(hintFor(key)).toMatch(/CSV Import, whose addresses carry a first name/);
		}
		expect(hintFor('phone')).toMatch(/Give phone and email on the customer/);
		expect(hintFor('address2')).toMatch(/Move this detail into street or streetNo/);
	});

	test('a template product without colour or size goes as it is: the contract does not require them', () => {
		const order = jsonOrder().creatorse_productionOrderDeferred;
		delete order.templates.creatorse_designedTemplateProduct[0].assignedColor;
		order.templates.creatorse_designedTemplateProduct[0].assignedSize = { id: '' };
		const out = validateDeferredOrder(order).body as any;
		expect(
			out.creatorse_productionOrderDeferred.templates.creatorse_designedTemplateProduct,
		).toEqual([{ templateProductSku: 'TPL-TEE-LOGO', amount: 1 }]);

		// The guided form: empty or the number field's default 0 is none given.
		const withoutColour: DeferredOrderForm = guidedForm();
		withoutColour.templates[0].assignedColorId = '';
		withoutColour.templates[0].assignedSizeId = 0;
		const built = buildDeferredOrder(withoutColour).body as any;
		expect(
			built.creatorse_productionOrderDeferred.templates.creatorse_designedTemplateProduct[0],
		).not.toHaveProperty('assignedColor');
		expect(
			built.creatorse_productionOrderDeferred.templates.creatorse_designedTemplateProduct[0],
		).not.toHaveProperty('assignedSize');

		// One that is given must still be an ID.
		const word: DeferredOrderForm = guidedForm();
		word.templates[0].assignedSizeId = 'large';
		const error = refusal(() => buildDeferredOrder(word));
		expect(error.message).toBe(
			'Template Product 1: Assigned Size ID must be a positive whole number, got "large"',
		);
		expect(error.description).toMatch(
			/or leave it empty: Product → Get Expanded lists the assigned sizes/,
		);
	});

	test('the guided form refuses the same input', () => {
		const form: DeferredOrderForm = guidedForm();
		form.designs[0].amount = -2;
		expect(refusal(() => buildDeferredOrder(form)).message).toBe(
			'Design 1: Amount must be a positive whole number, got -2',
		);
	});

	test('inline motives: JPEG and PNG pass, by content', () => {
		expect(bitmapTypeOf(PNG)).toBe('image/png');
		expect(bitmapTypeOf(JPEG)).toBe('image/jpeg');
		expect(bitmapTypeOf(Buffer.from('<svg/>'))).toBeUndefined();
		const order = jsonOrder().creatorse_productionOrderDeferred;
		order.designs.creatorse_design[0].compositions.creatorse_composition[1].elements[0] = {
			creatorse_designElementMotive: {
				motive: { attachment: JPEG.toString('base64'), filename: 'a.jpg' },
			},
		};
		const out = validateDeferredOrder(order).body as any;
		expect(
			out.creatorse_productionOrderDeferred.designs.creatorse_design[0].compositions
				.creatorse_composition[1].elements[0],
		).toEqual({
			creatorse_designElementMotive: { attachment: JPEG.toString('base64'), filename: 'a.jpg' },
		});
	});

	test("a form's references are noted from its draft", () => {
		const plain = (references: ReturnType<typeof noteReferences>) =>
			Object.fromEntries(Object.entries(references).map(([key, set]) => [key, [...set]]));
		const logo = {
			printAreaId: 'FRONT',
			element: { type: 'libraryMotive' as const, motiveName: ' Company Logo ' },
		};
		const shared = [
			logo,
			{ ...logo, printAreaId: '', element: { ...logo.element, motiveName: 'Star' } },
		];
		const forms: DeferredOrderForm[] = [
			guidedForm(),
			{
				...guidedForm(),
				designs: [
					{ ...guidedForm().designs[0], productId: '', sku: ' TEE-BLK-M ' },
					{ ...guidedForm().designs[0], productId: '', sku: '', productName: 'Classic T-Shirt' },
					{
						...guidedForm().designs[0],
						productId: '',
						sku: 'MUG',
						productName: 'Mug',
						prints: shared,
					},
					{ ...guidedForm().designs[0], productId: { id: 1002 }, sku: 'X', prints: shared },
					{
						...guidedForm().designs[0],
						productId: 'Hoodie',
						prints: [
							{
								printAreaId: 'BACK',
								element: { type: 'libraryMotive', motiveName: 'Wave', motiveId: 7 },
							},
							{ printAreaId: 'FRONT', element: { type: 'libraryMotive', motiveName: '' } },
							logo,
						],
					},
					{ ...guidedForm().designs[0], amount: 0, prints: shared },
				],
			},
		];
		expect(plain(noteReferences(formDraft(forms[0])))).toEqual({
			productIds: [1001],
			skus: [],
			productNames: [],
			motiveNames: [],
		});
		expect(plain(noteReferences(formDraft(forms[1])))).toEqual({
			productIds: [1002, 1001],
			skus: ['TEE-BLK-M', 'MUG'],
			productNames: ['Classic T-Shirt', 'Mug'],
			motiveNames: ['Company Logo', 'Star', 'Wave'],
		});
	});

	test('SKU check names the design and refuses a pair that is not a SKU', () => {
		const named = noteReferences(readOrderJson(jsonOrder()));
		expect([...named.productIds]).toEqual([1001]);
		const resolver = teeResolver();
		expect(() => validateDeferredOrder(jsonOrder(), { resolver })).not.toThrow();
		const black3xl = jsonOrder();
		black3xl.creatorse_productionOrderDeferred.designs.creatorse_design[0].assignedColor = {
			id: 2002,
		};
		black3xl.creatorse_productionOrderDeferred.designs.creatorse_design[0].assignedSize = {
			id: 3006,
		};
		const error = refusal(() => validateDeferredOrder(black3xl, { resolver }));
		expect(error.message).toBe(
			'Design 1: Classic T-Shirt (1001) cannot be ordered in color Black (2002) and size 3XL (3006)',
		);
	});

	test("a storefront order's Line Print is named by its own field, Print Area (printArea)", () => {
		// Lines of a storefront order: their values come from the store, their prints from Line Prints.
		// The guided form's Classic T-Shirt (by ID), in the place the storefront reader gives a line.
		const guided = formDraft(guidedForm());
		const [design] = guided.designs as DraftDesign[];
		const line = {
			position: 0,
			sku: 'TEE',
			variant: undefined,
			amount: 2,
			quantityFrom: 'quantity',
		};
		const prints: FormPrint[] = [
			{ printAreaId: 'SLEEVE', element: { type: 'libraryMotive', motiveId: 5001 } },
		];
		const draft = { ...guided, designs: [draftDesign(design, prints, linePlace(line, 0))] };
		const resolver = teeResolver();
		const [problem] = problemsOf(refusal(() => checkOrder(draft, resolver)));
		expect(problem).toMatchObject({
			where: 'Line 1 (SKU TEE) › Print 1',
			message: 'no print area SLEEVE; Classic T-Shirt offers Front (4001), Back (4002)',
			parameters: ['linePrints.print[0].printArea'],
		});
	});

	test("a service refusal's wire path is named by the written order's places", () => {
		const { places } = buildDeferredOrder(guidedForm());
		const named = (text: string) => placeOfRefusal(text, places);
		expect(named('Unknown product area designs[0].compositions[1].productArea.id 9')).toBe(
			'Design 1 › Prints 3, 4 › Print Area',
		);
		expect(
			named('bad designs.creatorse_design[0].compositions.creatorse_composition[0].elements[1]'),
		).toBe('Design 1 › Print 2');
		expect(named('designs.creatorse_design[0].assignedSize.id 9 is no size')).toBe(
			'Design 1 › Size',
		);
		expect(named('templates.creatorse_designedTemplateProduct[0] unknown')).toBe(
			'Template Product 1',
		);
		expect(named('Unknown country')).toBe('Country');
		expect(named('Internal error')).toBeUndefined();
	});

	test('submission answers under either root', () => {
		expect(submittedOrderOf({ id: 10001, uniqueId: 'A' })).toEqual({ id: 10001, uniqueId: 'A' });
		expect(submittedOrderOf({ productionOrder: { id: 7 } })).toEqual({
			id: 7,
			uniqueId: undefined,
		});
		expect(submittedOrderOf({})).toBeUndefined();
	});
});

describe('incremental payloads', () => {
	test('draft order and add-product bodies', () => {
		expect(
			buildDraftOrder({
				uniqueId: 'D-1',
				country: '1',
				shippingTitle: 'Standard',
				carrierId: '22',
				customer: { firstName: 'Ada' },
				shippingAddress: { street: 'Main', city: 'Berlin', zip: '10115', countryCode: 'DE' },
			}),
		).toEqual({
			productionOrder: {
				uniqueId: 'D-1',
				country: { id: 1 },
				orderShipping: { title: 'Standard', carrier: { id: 22 } },
				customer: {
					firstName: 'Ada',
					shippingAddress: { street: 'Main', city: 'Berlin', zip: '10115', countryCode: 'DE' },
				},
			},
		});
		const withRecipient = () =>
			buildDraftOrder({
				country: 'DE',
				shippingAddress: { street: 'Main', lastName: 'Hopper' },
			});
		expect(refusal(withRecipient).message).toBe(
			'Shipping Address has "lastName", which an order address cannot carry',
		);
		expect(refusal(withRecipient).field).toBe('customer.shippingAddress.lastName');
		expect(
			buildIncrementalDesign({
				productId: '1001',
				assignedColorId: '2001',
				assignedSizeId: 3003,
				amount: 2,
				prints: [
					{ viewPosition: 'front', motiveId: 5001, position: { left: 5, top: '10%' } },
					{ viewPosition: 'FRONT', motiveId: 5002 },
					{ printAreaId: 4002, motiveId: 5003 },
				],
			}),
		).toEqual({
			creatorse_design: {
				productId: 1001,
				amount: 2,
				assignedColor: { id: 2001 },
				assignedSize: { id: 3003 },
				compositions: {
					creatorse_composition: [
						{
							assignedView: { view: { position: 'FRONT' } },
							elements: {
								creatorse_element: [
									{ motive: { id: 5001 }, position: { left: 5, top: '10%' } },
									{ motive: { id: 5002 } },
								],
							},
						},
						{
							productArea: { id: 4002 },
							elements: { creatorse_element: [{ motive: { id: 5003 } }] },
						},
					],
				},
			},
		});
	});
});

describe('an SVG layer color', () => {
	/** The order JSON with the first design's back print's first layer colored so. */
	const colored = (rgbColor: string) => {
		const order = jsonOrder().creatorse_productionOrderDeferred;
		const [, back] = order.designs.creatorse_design[0].compositions.creatorse_composition;
		const element = back.elements.find((entry: any) => entry.creatorse_designElementMotive);
		element.creatorse_designElementMotive.layers.creatorse_designElementLayer[0].rgbColor =
			rgbColor;
		return order;
	};
	const sentColor = (order: any) =>
		(
			validateDeferredOrder(order).body as any
		).creatorse_productionOrderDeferred.designs.creatorse_design[0].compositions.creatorse_composition[1].elements.find(
			(entry: any) => entry.creatorse_designElementMotive,
		).creatorse_designElementMotive.layers.creatorse_designElementLayer[0].rgbColor;

	test.each([
		['#FF0000', '#FF0000'],
		['ff0000', 'ff0000'],
		['#F00', '#FF0000'],
		['f0a', 'ff00aa'],
	])(
		'%s is a hex color string (the contract) and is sent in six digits, %s, which every service takes',
		(rgbColor, sent) => expect(sentColor(colored(rgbColor))).toBe(sent),
	);

	test.each(['#FF00', 'red', '#GG0000'])('%s is refused naming the layer', (rgbColor) => {
		const error = refusal(() => validateDeferredOrder(colored(rgbColor)));
		expect(error.message).toBe(
			`Design 1 › Composition 2 › Element 1: Layer 1 Color must be a hex color such as #FF0000, got ${JSON.stringify(rgbColor)}`,
		);
	});
});
