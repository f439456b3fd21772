/**
 * Addresses as the world writes them: the contract refuses an order without a customer address
 * (400) and names no field of it as required, so an address without a postal code (Hong Kong, the
 * UAE, Ireland's rural addresses) or without a street goes to the service as given.
 */
import { formParameters, orderSandbox } from './fixtures';

describe('a shipping address without a postal code or a street', () => {
	const order = orderSandbox();

	test.each([
		[
			'Hong Kong, no ZIP code',
			{ street: '1 Queen’s Road Central', city: 'Hong Kong', countryCode: 'HK' },
		],
		[
			'Dubai, no ZIP code and no street number',
			{ street: 'Sheikh Zayed Road', city: 'Dubai', countryCode: 'AE' },
		],
		['a village with no street', { city: 'Ballymore', zip: 'N91 X2Y3', countryCode: 'IE' }],
	])('%s is sent as given and stored so', async (_name, address) => {
		const parameters = formParameters(`ADDR-${address.countryCode}`);
		parameters.shippingAddress = { address };
		const result = await order.run(parameters);
		expect(result.error).toBeUndefined();
		const stored = await order.control.order(Number(result.items[0].json.id));
		expect(stored.customer.shippingAddress).toEqual(address);
	});

	test('no shipping address at all is refused before anything is sent, as the service would', async () => {
		const parameters = formParameters('ADDR-NONE');
		parameters.shippingAddress = {};
		const result = await order.run(parameters);
		expect(result.error?.message).toBe('Item 1: Shipping Address is empty');
		expect(await order.submits()).toEqual([]);
	});
});
