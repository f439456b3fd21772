/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * Submit's Check SKUs refuses, before sending, a color and size whose SKU the product marks as
 * not available (contract, ProductSku `available`), naming the design, the color and size by name
 * and the sizes available in that color; the sandbox refuses such an order the same way.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import * as editor from '../support/editor';
import { CredentialStore, runNode } from '../support/n8n';
import { byId, SandboxControl, sandboxCredentials, shopParameter } from '../support/sandbox';
import { formParameters, jsonOrder, jsonParameters } from './fixtures';

const BLACK = 2002;
const L = 3003;
const UNAVAILABLE =
	'Design 2: Classic T-Shirt (1001) in color Black (2002) and size L (3003) is not available; sizes available in Black: S, M, XL, XXL';

describe('an unavailable SKU is refused before sending', () => {
	let sandbox: Sandbox;
	let store: CredentialStore;
	let control: SandboxControl;
	const run = (parameters: Record<string, any>) => runNode({ store, parameters });
	const submitPosts = async () =>
		(await control.requests()).filter(
			(r) => r.method === 'POST' && /orders\/usingCreatorSE$/.test(r.path),
		).length;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, deferredProcessingMs: 20 });
		control = new SandboxControl(sandbox);
	});
	afterAll(() => sandbox.close());
	beforeEach(async () => {
		await control.call('POST', '/reset');
		store = sandboxCredentials(sandbox, { accountId: '387' });
		await control.call('PUT', '/products/1001/availability', {
			assignedColorId: BLACK,
			assignedSizeId: L,
			available: false,
		});
	});

	/** The storefront order with a second design: a black T-shirt in L. */
	const formWithBlackL = (uniqueId: string) => {
		const parameters = formParameters(uniqueId);
		parameters.designs.design.push({
			productId: byId(1001),
			assignedColorId: String(BLACK),
			assignedSizeId: String(L),
			amount: 1,
		});
		// The second design is a plain product: what is printed is not what these tests look at.
		return { ...parameters, linePrinting: 'blank' };
	};
	const jsonWithBlackL = (uniqueId: string, options: Record<string, unknown> = {}) => {
		const body = jsonOrder(uniqueId);
		body.creatorse_productionOrderDeferred.designs.creatorse_design.push({
			productId: 1001,
			amount: 1,
			assignedColor: { id: BLACK },
			assignedSize: { id: L },
		});
		return { ...jsonParameters(body, options), linePrinting: 'blank' };
	};

	test('the guided form names the design, the color and size, and the sizes available in that color', async () => {
		const result = await run(formWithBlackL('UNAVAILABLE-FORM'));
		expect(result.error?.message).toBe(`Item 1: ${UNAVAILABLE}`);
		expect(result.error?.description).toMatch(/^Choose an available size, or another color/);
		expect(await submitPosts()).toBe(0);
	});

	test('an Order JSON body is refused the same way, with the path of the design', async () => {
		const result = await run(jsonWithBlackL('UNAVAILABLE-JSON'));
		expect(result.error?.message).toBe(`Item 1: ${UNAVAILABLE}`);
		expect(result.error?.description).toContain('(Field: designs.creatorse_design[1])');
		expect(await submitPosts()).toBe(0);
	});

	test('with Check SKUs off the service refuses it, named by the design', async () => {
		const result = await run(jsonWithBlackL('UNAVAILABLE-UNCHECKED', { checkSkus: false }));
		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.message).toMatch(/^Design 2: the service refused it: SKU not available/);
		expect(await submitPosts()).toBe(1);
		expect(await control.orders('UNAVAILABLE-UNCHECKED')).toEqual([]);
	});

	test('the same pair passes once it is available again, and the Size list offers it again', async () => {
		const sizes = async () =>
			(
				await editor.loadOptions(
					store,
					'getAssignedSizes',
					{
						resource: 'order',
						operation: 'submit',
						shop: shopParameter(),
						designs: { design: [{ productId: byId(1001), assignedColorId: String(BLACK) }] },
					},
					'parameters.designs.design[0].assignedSizeId',
				)
			).map((option) => option.name);
		expect(await sizes()).not.toContain('L (3003)');
		await control.call('PUT', '/products/1001/availability', {
			assignedColorId: BLACK,
			assignedSizeId: L,
			available: true,
		});
		expect(await sizes()).toContain('L (3003)');
		const result = await run(formWithBlackL('AVAILABLE-AGAIN'));
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.items).toContainEqual(
			expect.objectContaining({ colorName: 'Black', sizeName: 'L' }),
		);
	});
});
