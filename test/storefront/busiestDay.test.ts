/**
 * The busiest day's store orders and its check of a print order against its store order
 * (test/support/busiestDay.ts), which the benchmark and the end-to-end group share.
 */
import type { PrintOrder, StoreOrder } from '../support/busiestDay';
import { busiestDayOrders, differencesFromStoreOrder } from '../support/busiestDay';

/** The print order a store order should become, as the sandbox's control API shows one. */
function printOrderOf(store: StoreOrder): PrintOrder {
	return {
		id: 1,
		uniqueId: store.uniqueId,
		created: '2026-11-28T01:00:00+01:00',
		financialStatus: 'PAID',
		countryId: 4,
		customer: structuredClone(store.expected.customer),
		shipping: { title: store.expected.shippingTitle, carrierId: 21 },
		orderedProducts: store.expected.lines.map(({ productAreaId, motiveId, ...line }) => ({
			...line,
			compositions: [{ productAreaId, elements: [{ motiveId }] }],
		})),
	};
}

test('orders of both stores in turn, 1 to 4 lines each, with IDs of their own, the same for the same seed', () => {
	const orders = busiestDayOrders({ count: 40, firstId: 100 });
	expect(orders.map((order) => order.platform).slice(0, 4)).toEqual([
		'shopify',
		'woocommerce',
		'shopify',
		'woocommerce',
	]);
	const lineCounts = orders.map((order) => (order.order.line_items as unknown[]).length);
	expect(Math.min(...lineCounts)).toBe(1);
	expect(Math.max(...lineCounts)).toBe(4);
	expect(new Set(orders.map((order) => order.uniqueId)).size).toBe(40);
	expect(orders[0].uniqueId).toBe('shopify-100');
	expect(orders[1].uniqueId).toBe('woocommerce-101');
	for (const order of orders) {
		expect(order.expected.lines).toHaveLength((order.order.line_items as unknown[]).length);
	}
	const again = busiestDayOrders({ count: 40, firstId: 100 });
	expect(again.map((order) => order.expected)).toEqual(orders.map((order) => order.expected));
});

test('a print order equal to its store order has no difference; each changed field is named', () => {
	const [shopify, wooCommerce] = busiestDayOrders({ count: 2, firstId: 100 });
	for (const store of [shopify, wooCommerce]) {
		expect(differencesFromStoreOrder(printOrderOf(store), store)).toEqual([]);
	}
	const changed = printOrderOf(shopify);
	changed.orderedProducts[0].amount += 1;
	changed.orderedProducts[0].compositions[0].elements[0].motiveId = 5002;
	(changed.customer as { lastName: string }).lastName = 'Other';
	changed.shipping.carrierId = 22;
	const differences = differencesFromStoreOrder(changed, shopify);
	expect(differences.map((text) => text.split(':')[0])).toEqual([
		'shopify-100 lines',
		'shopify-100 customer',
		'shopify-100 shipping',
	]);
	// A print order of another store order is not this one's.
	expect(differencesFromStoreOrder(printOrderOf(wooCommerce), shopify)).not.toEqual([]);
});
