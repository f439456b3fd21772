/**
 * Template products without a colour or size. The contract lists `assignedColor{id}` and
 * `assignedSize{id}` on `creatorse_designedTemplateProduct` without saying they are required, so
 * Submit sends such an order as it is: it goes through on the plain sandbox, and a service that
 * requires both (option refuseTemplateWithoutVariant) refuses it in words that name the template.
 */
import { formParameters, jsonOrder, jsonParameters, orderSandbox } from './fixtures';

/** The guided form's order with one template product and nothing else, colour and size left at 0. */
function templateOnlyForm(uniqueId: string) {
	const parameters = formParameters(uniqueId);
	parameters.designs = {};
	parameters.passthroughItems = {};
	parameters.templates = {
		template: [{ reference: 'TPL-TEE-LOGO', amount: 2, assignedColorId: 0, assignedSizeId: 0 }],
	};
	return parameters;
}

/** Order JSON with one template product by ID, without colour or size. */
function templateOnlyJson(uniqueId: string) {
	const body = jsonOrder(uniqueId);
	const order = body.creatorse_productionOrderDeferred;
	delete order.designs;
	delete order.passthroughItems;
	order.templates = { creatorse_designedTemplateProduct: [{ templateProductId: 7001, amount: 1 }] };
	return body;
}

describe('Submit: a template product without colour or size, on the plain sandbox', () => {
	// The plain default also under SANDBOX_OPTIONS=all: this is what the contract allows.
	// Ordered products with what was ordered (option orderedProductDetails): these tests assert
	// item details the contract does not give (the plain default's items: test/order/shape.test.ts).
	const harness = orderSandbox({
		refuseTemplateWithoutVariant: false,
		orderedProductDetails: true,
	});

	test('the guided form with Assigned Color ID and Assigned Size ID left at 0 sends the order without them', async () => {
		const result = await harness.run(templateOnlyForm('TPL-FORM-1'));
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		const id = result.items[0].json.id;
		expect(id).toEqual(expect.any(Number));
		expect(await harness.submits()).toHaveLength(1);

		const stored = await harness.stored(id, false);
		const items = stored.orderedProducts;
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ templateProductId: 7001, productId: 1001, amount: 2 });
		expect(items[0]).not.toHaveProperty('assignedColor');
		expect(items[0]).not.toHaveProperty('assignedSize');

		// Simplified, the item has no colour or size to name, and says so with nulls.
		const simplified = await harness.stored(id);
		expect(simplified.items).toEqual([
			expect.objectContaining({
				productId: 1001,
				productName: 'Classic T-Shirt',
				colorId: null,
				colorName: null,
				sizeId: null,
				sizeName: null,
				amount: 2,
				templateProductId: 7001,
			}),
		]);
	});

	test('Order JSON without assignedColor and assignedSize goes through as sent', async () => {
		const result = await harness.run(jsonParameters(templateOnlyJson('TPL-JSON-1')));
		expect(result.error).toBeUndefined();
		const [sent] = await harness.submits();
		expect(sent).toBeDefined();
		const stored = await harness.stored(result.items[0].json.id, false);
		expect(stored.orderedProducts[0]).toMatchObject({
			templateProductId: 7001,
			amount: 1,
		});
	});
});

describe('Submit: a service that requires a template product colour and size (option refuseTemplateWithoutVariant)', () => {
	const harness = orderSandbox({ refuseTemplateWithoutVariant: true });

	test("the service's refusal names the template product in the form's words, and no order is made", async () => {
		const result = await harness.run(templateOnlyForm('TPL-REFUSED-1'));
		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.message).toMatch(
			/^Template Product 1.*the service refused it: templates\.creatorse_designedTemplateProduct\[0\]\.assignedColor is required/,
		);
		expect(await harness.control.call('GET', '/orders?uniqueId=TPL-REFUSED-1')).toEqual([]);
	});
});
