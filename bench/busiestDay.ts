/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console, @n8n/community-nodes/require-node-api-error -- a benchmark run on Node, never shipped */
/**
 * The busiest-day run (issue 33, Proof), in a real n8n (the pinned one, from the cache): the
 * intake examples active on their production webhooks, N storefront orders of the documented
 * shapes (Shopify and WooCommerce in turn, 1–4 lines) created in the stores' stand-ins within the
 * send window, each sent to its intake webhook as the store sends it (signed; Shopify retries a
 * delivery n8n did not answer, WooCommerce does not); meanwhile the sandbox answers 429 with
 * Retry-After, then refuses connections (a gate in front of its port is shut), and n8n is
 * restarted once. Then the catch-up examples run (their store reads go to the stand-ins, which
 * hold every order). Prints lost before and after the catch-up, duplicates, print orders unequal
 * to their store order, requests per order, p50/p95 from the store's webhook to the print order;
 * writes bench/results/busiest-day[-queue].json. Fails (exit 1) unless the sandbox ends with
 * exactly one print order per store order, each equal to it.
 *
 * Then the way back (examples/print-events-to-shopify.json and shopify-way-back-catch-up.json):
 * N more Shopify orders, each with an open fulfillment order and a print order in production; the
 * print orders are shipped over the ship window while the Shopify stand-in is down (its ports
 * refuse connections); then the way-back catch-up runs. Prints lost before and after it, duplicate
 * fulfillments, Shopify requests per shipment, p50/p95 from the shipment to the fulfillment; fails
 * unless each Shopify order ends with exactly one fulfillment carrying its print order's tracking
 * number. `--only intake` or `--only way-back` runs one half.
 *
 *   npm run bench:busiest-day -- [--orders 1000] [--send-seconds 300] [--rate-limit-seconds 60]
 *     [--retry-after 30] [--refuse-seconds 300] [--restart-at-seconds 150] [--seed 33]
 *     [--shipments 1000] [--ship-seconds 300] [--store-down-at-seconds 0] [--store-down-seconds 300]
 *     [--only intake|way-back] [--queue]
 *
 * --queue: the same in queue mode (Postgres, Redis, 2 workers, 2 webhook processes behind a
 * balancer; scripts/queue-stack.ts); the restart restarts every n8n process.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

import { startSandbox } from '../sandbox';
import { exampleWorkflows, sandboxCredential } from '../scripts/dev';
import { startGate } from '../scripts/gate';
import type { N8nInstance, N8nOptions } from '../scripts/n8n-runtime';
import {
	ensureN8n,
	freePort,
	installPackage,
	n8nCli,
	ownerSession,
	packPackage,
	startN8n,
} from '../scripts/n8n-runtime';
import {
	queueCliOptions,
	queueStackPorts,
	startQueueServices,
	startQueueStack,
} from '../scripts/queue-stack';
import type { QueueServices, QueueStack } from '../scripts/queue-stack';
import {
	pointedAtStandIns,
	selfSignedIdentity,
	standInCredentials,
	startShopifyStandIn,
	startWooCommerceStandIn,
} from '../scripts/storefronts';
import { N8nSession } from '../test/e2e/n8nSession';
import { busiestDayOrders, runBusiestDay, runWayBack } from '../test/support/busiestDay';

const USAGE =
	'npm run bench:busiest-day -- [--orders N] [--send-seconds S] [--rate-limit-seconds S] [--retry-after S] [--refuse-seconds S] [--restart-at-seconds S] [--seed N] [--shipments N] [--ship-seconds S] [--store-down-at-seconds S] [--store-down-seconds S] [--only intake|way-back] [--queue]';

function parseArguments(argv: string[]) {
	const numbers = {
		orders: 1000,
		'send-seconds': 300,
		'rate-limit-seconds': 60,
		'retry-after': 30,
		'refuse-seconds': 300,
		'restart-at-seconds': 150,
		seed: 33,
		shipments: 1000,
		'ship-seconds': 300,
		'store-down-at-seconds': 0,
		'store-down-seconds': 300,
	};
	let queue = false;
	let only: 'intake' | 'way-back' | undefined;
	for (let i = 0; i < argv.length; i++) {
		const flag = argv[i].replace(/^--/, '');
		if (flag === 'queue') {
			queue = true;
			continue;
		}
		if (flag === 'only' && (argv[i + 1] === 'intake' || argv[i + 1] === 'way-back')) {
			only = argv[i + 1] as typeof only;
			i++;
			continue;
		}
		const value = Number(argv[i + 1]);
		if (!(flag in numbers) || !Number.isFinite(value) || value < 0) {
			throw new Error(`Not understood: ${argv.slice(i, i + 2).join(' ')}\n${USAGE}`);
		}
		numbers[flag as keyof typeof numbers] = value;
		i++;
	}
	return { ...numbers, queue, only };
}

/** The workflows of the run: the intake and catch-up examples. */
const WORKFLOWS = {
	intake: { shopify: 'podExShopIntake', woocommerce: 'podExWooIntake' },
	catchUp: { shopify: 'podExShopCatchUp', woocommerce: 'podExWooCatchUp' },
};
/** The way back to Shopify and its catch-up. */
const WAY_BACK = { wayBack: 'podExWayBackShop', catchUp: 'podExShopWbCatch' };

async function main() {
	const args = parseArguments(process.argv.slice(2));
	const runtime = await ensureN8n();
	const root = mkdtempSync(path.join(tmpdir(), 'pod-platform-busiest-day-'));
	// Postgres (queue mode) runs as its own user, which must enter this folder.
	chmodSync(root, 0o755);
	const closers: Array<() => Promise<void>> = [];
	const diagnostics: { n8n?: () => N8nInstance | undefined } = {};
	try {
		const identity = selfSignedIdentity(root);
		const shopify = await startShopifyStandIn({
			accessToken: ['bench', 'stand', 'in'].join('-'),
			tls: identity,
		});
		closers.push(async () => await shopify.close());
		const wooCommerce = await startWooCommerceStandIn({
			consumerKey: 'ck_bench',
			consumerSecret: 'cs_bench',
		});
		closers.push(async () => await wooCommerce.close());
		const sandbox = await startSandbox({ port: 0 });
		closers.push(async () => await sandbox.close());
		// n8n reaches the service through the gate only; the run reads the control API directly.
		const gate = await startGate(sandbox.port);
		closers.push(async () => await gate.close());

		const userFolder = path.join(root, 'n8n');
		const tarball = await packPackage(path.join(root, 'package'));
		await installPackage(userFolder, tarball);
		const env = { NODE_EXTRA_CA_CERTS: identity.certFile };

		let cli: N8nOptions;
		let services: QueueServices | undefined;
		let stack: QueueStack | undefined;
		if (args.queue) {
			services = await startQueueServices(path.join(root, 'data'));
			const queueServices = services;
			closers.unshift(async () => await queueServices.stop());
			const stackOptions = {
				services,
				userFolder,
				workers: 2,
				webhookProcesses: 2,
				env,
				readyTimeoutMs: 10 * 60_000,
			};
			const ports = await queueStackPorts(stackOptions);
			cli = queueCliOptions(stackOptions, ports);
			await importWork(cli);
			stack = await startQueueStack(runtime, stackOptions, ports);
			const started = stack;
			closers.unshift(async () => await started.stop());
		} else {
			// n8n started again while the stores keep sending, on a machine shared with other jobs:
			// its start took more than the usual 3 minutes to report ready.
			cli = { userFolder, port: await freePort(), env, readyTimeoutMs: 10 * 60_000 };
			await importWork(cli);
		}

		async function importWork(options: N8nOptions) {
			const credentials = path.join(root, 'credentials.json');
			writeFileSync(
				credentials,
				JSON.stringify([
					sandboxCredential(gate.via(sandbox.baseUrl)),
					...standInCredentials(shopify, wooCommerce),
				]),
			);
			await n8nCli(runtime, options, ['import:credentials', `--input=${credentials}`]);
			const ids = new Set([
				...Object.values(WORKFLOWS.intake),
				...Object.values(WORKFLOWS.catchUp),
				...Object.values(WAY_BACK),
			]);
			const workflows = path.join(root, 'workflows.json');
			writeFileSync(
				workflows,
				JSON.stringify(
					pointedAtStandIns(
						exampleWorkflows().filter((workflow) => ids.has(String(workflow.id))),
						shopify,
						wooCommerce,
					),
				),
			);
			await n8nCli(runtime, options, ['import:workflow', `--input=${workflows}`]);
		}

		let single: N8nInstance | undefined;
		if (!stack) {
			single = await startN8n(runtime, cli);
			closers.unshift(async () => await single?.stop());
		}
		const main = () => (stack ? stack.main : single!);
		diagnostics.n8n = main;
		const session = new N8nSession(main(), await ownerSession(main()));

		const loadAtStart = loadavg()[0];
		const results = path.join(__dirname, 'results');
		mkdirSync(results, { recursive: true });
		const mode = args.queue ? 'queue (2 workers, 2 webhook processes)' : 'single process';
		let exact = true;
		if (args.only !== 'way-back') {
			const orders = busiestDayOrders({
				count: args.orders,
				seed: args.seed,
				firstId: 7_000_000,
				zone: process.env.GENERIC_TIMEZONE ?? 'America/New_York',
			});
			console.log('The intake:');
			const figures = await runBusiestDay(
				{
					controlUrl: sandbox.controlUrl,
					shopify,
					wooCommerce,
					session: () => session,
					refuseConnections: async (forMs) => {
						await gate.shut();
						setTimeout(() => void gate.open(), forMs);
					},
					stopN8n: async () => {
						if (stack) await stack.stopProcesses();
						else await single!.stop();
					},
					startN8n: async () => {
						if (stack) await stack.startProcesses();
						else single = await startN8n(runtime, cli);
						session.instance = main();
						session.cookie = await ownerSession(main());
					},
					workflows: WORKFLOWS,
				},
				{
					orders,
					sendMs: args['send-seconds'] * 1000,
					rateLimitMs: args['rate-limit-seconds'] * 1000,
					retryAfterSeconds: args['retry-after'],
					refuseMs: args['refuse-seconds'] * 1000,
					restartAtMs: args['restart-at-seconds'] * 1000,
					log: (line) => console.log(`  ${line}`),
				},
			);
			const result = {
				at: new Date().toISOString(),
				n8n: runtime.version,
				mode,
				plan: {
					orders: args.orders,
					sendSeconds: args['send-seconds'],
					rateLimitSeconds: args['rate-limit-seconds'],
					retryAfterSeconds: args['retry-after'],
					refuseSeconds: args['refuse-seconds'],
					restartAtSeconds: args['restart-at-seconds'],
					seed: args.seed,
				},
				machine: {
					cores: 2,
					loadAverageAtStart: +loadAtStart.toFixed(2),
					loadAverageAtEnd: +loadavg()[0].toFixed(2),
				},
				...figures,
			};
			console.log(JSON.stringify(result, null, 2));
			console.log(
				`\n${mode}, ${figures.orders} orders (${figures.byPlatform.shopify} Shopify, ${figures.byPlatform.woocommerce} WooCommerce):\n` +
					`  lost before the catch-up ${figures.lostBeforeCatchUp}, after ${figures.lostAfterCatchUp}; duplicates ${figures.duplicates}; unequal to their store order ${figures.unequal}\n` +
					`  requests per order: intake ${figures.requestsPerOrder.intake}, with the catch-up ${figures.requestsPerOrder.total}\n` +
					`  store webhook → print order: by the intake p50 ${figures.latencySeconds.intake.p50} s, p95 ${figures.latencySeconds.intake.p95} s (${figures.latencySeconds.intake.count} orders); ` +
					`all p50 ${figures.latencySeconds.all.p50} s, p95 ${figures.latencySeconds.all.p95} s`,
			);
			writeFileSync(
				path.join(results, args.queue ? 'busiest-day-queue.json' : 'busiest-day.json'),
				`${JSON.stringify(result, null, 2)}\n`,
			);
			if (figures.lostAfterCatchUp || figures.duplicates || figures.unequal) {
				exact = false;
				console.error(
					`Not every store order is exactly one equal print order: missing ${figures.missing.join(', ')}; ${figures.differences.join('; ')}`,
				);
			}
		}
		if (args.only !== 'intake') {
			// Shopify orders of their own (the generator alternates the stores: twice as many, halved).
			const orders = busiestDayOrders({
				count: args.shipments * 2,
				seed: args.seed + 1,
				firstId: 7_500_000,
			}).filter((order) => order.platform === 'shopify');
			// The way back needs no outage of the service, and its catch-up follows the service's
			// paging links, which name the sandbox's own port: the node follows no link to another
			// host, and the gate's port is another. So the credential now reaches the sandbox directly
			// (n8n reads it from its database at every execution).
			const direct = path.join(root, 'credential-direct.json');
			writeFileSync(direct, JSON.stringify([sandboxCredential(sandbox.baseUrl)]));
			await n8nCli(runtime, cli, ['import:credentials', `--input=${direct}`]);
			console.log('The way back:');
			const figures = await runWayBack(
				{
					controlUrl: sandbox.controlUrl,
					serviceBaseUrl: sandbox.baseUrl,
					shopify,
					session: () => session,
					workflows: WAY_BACK,
				},
				{
					orders,
					shipMs: args['ship-seconds'] * 1000,
					downAtMs: args['store-down-at-seconds'] * 1000,
					downMs: args['store-down-seconds'] * 1000,
					log: (line) => console.log(`  ${line}`),
				},
			);
			const result = {
				at: new Date().toISOString(),
				n8n: runtime.version,
				mode,
				plan: {
					shipments: args.shipments,
					shipSeconds: args['ship-seconds'],
					storeDownAtSeconds: args['store-down-at-seconds'],
					storeDownSeconds: args['store-down-seconds'],
				},
				...figures,
			};
			console.log(JSON.stringify(result, null, 2));
			console.log(
				`\n${mode}, ${figures.shipments} shipments to Shopify:\n` +
					`  lost before the catch-up ${figures.lostBeforeCatchUp}, after ${figures.lostAfterCatchUp}; duplicate fulfillments ${figures.duplicates}; wrong tracking ${figures.wrongTracking}\n` +
					`  Shopify requests per shipment ${figures.shopifyRequestsPerShipment}; shipment → fulfillment p50 ${figures.latencySeconds.p50} s, p95 ${figures.latencySeconds.p95} s`,
			);
			writeFileSync(
				path.join(
					results,
					args.queue ? 'busiest-day-way-back-queue.json' : 'busiest-day-way-back.json',
				),
				`${JSON.stringify(result, null, 2)}\n`,
			);
			if (figures.lostAfterCatchUp || figures.duplicates || figures.wrongTracking) {
				exact = false;
				console.error(
					`Not every shipment is exactly one fulfillment with its tracking number: missing ${figures.missing.join(', ')}`,
				);
			}
		}
		if (!exact) process.exitCode = 1;
	} catch (error) {
		// What n8n printed last: a run that ends in an error usually ends there.
		const n8nOutput = diagnostics.n8n?.()?.output() ?? '';
		if (n8nOutput) console.error(`n8n's last output:\n${n8nOutput.slice(-4000)}`);
		throw error;
	} finally {
		for (const close of closers) await close().catch(() => undefined);
		rmSync(root, { recursive: true, force: true });
	}
}

main().then(
	() => process.exit(process.exitCode ?? 0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
