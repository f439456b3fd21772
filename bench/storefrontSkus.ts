/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console, @typescript-eslint/no-explicit-any -- a benchmark run on Node, never shipped */
/**
 * Requests for a one-line storefront order, three ways, in the same run against the contract's
 * sandbox (no variant SKU texts), counted from the sandbox's request log:
 * - node SKU: a Shopify order (One Item per Storefront Order) whose line carries the SKU Product →
 *   Get Storefront Listing gives (`POD-P1001-C2002-S3002-…`);
 * - product SKU + names: the same order, the line carrying the product's own SKU (`TEE-CLASSIC`)
 *   and Shopify's `variant_title` (`Black / M`), as a store set up for the contract sends it;
 * - IDs: the same order through the guided form, Product, Color and Size by ID.
 * Every side prints the same Black/M T-shirt with the Company Logo (by ID) on its FRONT (by name,
 * matched on the product read anyway), Exactly Once on, Check SKUs on; each runs once from a reset
 * sandbox with a session token already in the credential (the login is the credential's, not the
 * order's). Writes bench/results/storefrontSkus.json.
 *
 *   npx ts-node --transpile-only bench/storefrontSkus.ts
 */
import './support/tsFirst';

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import shopifyOrder from '../test/fixtures/storefront/shopify-orders-create.json';
import { startSandbox } from '../sandbox';
import { encodeStorefrontSku } from '../nodes/PodPlatform/actions/common/storefrontSku';
import { shopifyOrderByIds, shopifyOrderParameters } from '../test/order/fixtures';
import { forgetAllExecutions } from '../nodes/shared/acrossExecutions';
import { runNode } from '../test/support/n8n';
import { SandboxControl, sandboxCredentials } from '../test/support/sandbox';

const LOGO = { __rl: true, mode: 'id', value: '5001' };
const NODE_SKU = encodeStorefrontSku({
	productId: 1001,
	assignedColorId: 2002,
	assignedSizeId: 3002,
});

function oneLineOrder(sku: string, id: number) {
	const order = JSON.parse(JSON.stringify(shopifyOrder));
	order.id = id;
	order.refunds = [];
	order.line_items = [
		{ ...order.line_items[0], sku, variant_title: 'Black / M', quantity: 1, current_quantity: 1 },
	];
	return order;
}

const storefront = shopifyOrderParameters({
	print: [{ printArea: 'FRONT', elementType: 'libraryMotive', motiveId: LOGO }],
});

const byIds = shopifyOrderByIds('bench-ids-1', [
	{
		productId: { __rl: true, mode: 'id', value: '1001' },
		assignedColorId: '2002',
		assignedSizeId: '3002',
		amount: 1,
		prints: {
			print: [{ printAreaId: 'FRONT', elementType: 'libraryMotive', motiveId: LOGO }],
		},
	},
]);

const SIDES: Array<{ side: string; parameters: Record<string, any>; items: any[] }> = [
	{ side: 'node SKU', parameters: storefront, items: [{ json: oneLineOrder(NODE_SKU, 9101) }] },
	{
		side: 'product SKU + names',
		parameters: storefront,
		items: [{ json: oneLineOrder('TEE-CLASSIC', 9102) }],
	},
	{ side: 'IDs', parameters: byIds, items: [{ json: {} }] },
];

async function main(): Promise<void> {
	const sandbox = await startSandbox({ port: 0, deferredProcessingMs: 20 });
	const control = new SandboxControl(sandbox);
	const rows: Array<{ side: string; requests: number; paths: string[] }> = [];
	try {
		for (const { side, parameters, items } of SIDES) {
			await control.reset();
			// Each side as a fresh process starts it: nothing kept from the side before.
			forgetAllExecutions();
			const store = sandboxCredentials(sandbox);
			// The credential's login, made before the count.
			await runNode({ store, parameters: { resource: 'country', operation: 'getAll' } });
			await control.clearRequests();
			const result = await runNode({ store, parameters, items });
			if (result.error) throw new Error(`${side}: ${result.error.message}`);
			const stored = (await control.orders()).length;
			if (stored !== 1) throw new Error(`${side}: the sandbox stored ${stored} orders, not 1`);
			const paths = (await control.requests()).map((r) => `${r.method} ${r.path}`);
			rows.push({ side, requests: paths.length, paths });
		}
	} finally {
		await sandbox.close();
	}
	console.log('| One-line storefront order | Requests |');
	console.log('| ------------------------- | -------- |');
	for (const row of rows) console.log(`| ${row.side} | ${row.requests} |`);
	for (const row of rows) console.log(`\n${row.side}:\n  ${row.paths.join('\n  ')}`);
	const dir = join(__dirname, 'results');
	mkdirSync(dir, { recursive: true });
	writeFileSync(join(dir, 'storefrontSkus.json'), `${JSON.stringify(rows, null, '\t')}\n`);
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
