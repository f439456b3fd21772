/* eslint-disable @typescript-eslint/no-explicit-any -- tests run on Node, never shipped */
/**
 * What Submit sends where the contract leaves room, and what it refuses on purpose although the
 * contract does not ask it to (docs/operations-reference.md, "Checks the contract does not ask
 * for, kept on purpose"), each against the sandbox's plain default, which takes what the contract
 * allows: a refusal here is the node's own, made before anything is sent.
 */
import { jsonOrder, jsonParameters, orderSandbox } from './fixtures';

/** The fixture's Order JSON with its first layer colour given as `rgbColor`. */
function orderColoured(uniqueId: string, rgbColor: string) {
	return JSON.parse(
		JSON.stringify(jsonOrder(uniqueId)).replace('"#FF0000"', JSON.stringify(rgbColor)),
	);
}

/** The fixture's Order JSON with `change` applied to its first design's first composition. */
function orderWith(uniqueId: string, change: (composition: Record<string, any>) => void) {
	const body = jsonOrder(uniqueId);
	change(
		body.creatorse_productionOrderDeferred.designs.creatorse_design[0].compositions
			.creatorse_composition[0],
	);
	return body;
}

describe('a layer colour of three hex digits, on a service that takes only six (option refuseShortRgbColor)', () => {
	const order = orderSandbox({ refuseShortRgbColor: true });

	test('#F00 is a hex colour string (the contract): sent as #FF0000 and stored', async () => {
		const result = await order.run(jsonParameters(orderColoured('COLOUR-SHORT', '#F00')));
		expect(result.error).toBeUndefined();
		const stored = await order.control.order(Number(result.items[0].json.id));
		const layers = stored.orderedProducts
			.flatMap((item: any) => item.compositions)
			.flatMap((composition: any) => composition.elements)
			.flatMap((element: any) => element.layers ?? []);
		expect(layers.map((layer: any) => layer.rgbColor)).toEqual(['#FF0000']);
	});
});

describe('refused before sending, on purpose, though the plain sandbox would take it', () => {
	// The plain default also under SANDBOX_OPTIONS=all: it stores an unknown element's order.
	const order = orderSandbox({ refuseUnknownDesignElement: false });

	test.each([
		[
			// The plain sandbox drops it as the field notes report: an order with a blank design.
			'a design element under a key the node cannot name',
			(composition: Record<string, any>) =>
				composition.elements.push({ designElementMotive: { motive: { id: 5001 } } }),
			/designElementMotive/,
		],
		[
			// Dropped, the motive would sit on the print area's hotspot instead.
			'a position key the contract does not name',
			(composition: Record<string, any>) =>
				(composition.elements[0].creatorse_designElementMotive.position = { lft: 10 }),
			/Position has an unknown field "lft"/,
		],
		[
			'both sides and the centre of one direction',
			(composition: Record<string, any>) =>
				(composition.elements[0].creatorse_designElementMotive.position = {
					left: 10,
					right: 10,
					horizontalCenter: 0,
				}),
			/sets Left, Right and Center Horizontally together/,
		],
	])('%s', async (_name, change, message) => {
		const body = orderWith('BEYOND-1', change);
		const result = await order.run(jsonParameters(body));
		expect(result.error?.message).toMatch(message);
		expect(await order.submits()).toEqual([]);
	});

	test('an address key the order address cannot carry (a recipient name the service would drop)', async () => {
		const body = jsonOrder('BEYOND-2');
		body.creatorse_productionOrderDeferred.customer.shippingAddress.firstName = 'Grace';
		const result = await order.run(jsonParameters(body));
		expect(result.error?.message).toMatch(
			/Shipping Address has "firstName", which an order address cannot carry/,
		);
		expect(await order.submits()).toEqual([]);
	});
});
