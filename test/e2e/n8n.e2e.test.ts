/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- drives a real n8n from Node, never shipped */
/**
 * A real, pinned n8n with the packed package installed the way a self-hosted admin does. The
 * example workflows run against the sandbox; the trigger registers subscriptions and receives
 * signed deliveries from it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import { request } from 'undici';

import type { Sandbox } from '../../sandbox';
import { DEMO, signBody, startSandbox } from '../../sandbox';
import {
	SMTP_CREDENTIAL_ID,
	exampleWorkflows,
	mcpBearerCredential,
	sandboxCredential,
} from '../../scripts/dev';
import type {
	RecordedRequest,
	ShopifyStandIn,
	WooCommerceStandIn,
} from '../../scripts/storefronts';
import {
	pointedAtStandIns,
	selfSignedIdentity,
	standInCredentials,
	startShopifyStandIn,
	startWooCommerceStandIn,
} from '../../scripts/storefronts';
import shopifyFulfillmentOrders from '../fixtures/storefront/shopify-fulfillment-orders.json';
import shopifyOrder from '../fixtures/storefront/shopify-orders-create.json';
import wooCommerceOrder from '../fixtures/storefront/woocommerce-order.json';
import wooCommerceOrderOf3Lines from '../fixtures/storefront/woocommerce-order-3-lines.json';
import { orderValues, writeCsv } from '../csv/fixtures';
import {
	busiestDayOrders,
	runBusiestDay,
	runWayBack,
	runWayBackThroughBucket,
	SMALL_PAGE_CATCH_UPS,
	smallPageCatchUps,
} from '../support/busiestDay';
import { SHOP_PATH } from '../support/sandbox';
import { tinyPng } from '../../sandbox/images';
import { SKU_MODES, withProductSkus } from '../support/storefrontModes';
import type { SkuMode } from '../support/storefrontModes';
import { list, ServiceClient, submitOrder } from '../support/service';
import type { N8nInstance, N8nOptions, N8nRuntime } from '../../scripts/n8n-runtime';
import {
	DATE_FILTER_WORKFLOW_ID,
	VERSIONS_WORKFLOW_ID,
	VERSION_ORDERS,
	PARITY_OPERATIONS,
	PARITY_WORKFLOW_ID,
	POLL_WORKFLOW_ID,
	SNIPPET_WITHOUT_PAGE_LOGIN_WORKFLOW_ID,
	SNIPPET_WORKFLOW_ID,
	WRONG_PASSWORD,
	REFUSED_LOGIN_WORKFLOW_ID,
	SECOND_WOO_STORE,
	OVERLAPPING_SESSION_EXPIRY,
	SESSION_EXPIRY_BATCH,
	SESSION_EXPIRY_WORKFLOW_ID,
	XML_TRIGGER_WORKFLOW_ID,
	e2eWorkflows,
	extraCredentials,
	secondWooCommerceStore,
	sessionExpiryCredential,
	withPinnedPayload,
	onSkuTextService,
	SKU_TEXTS_CREDENTIAL_ID,
	skuTextsCredential,
	REFUSING_REPEATS_CREDENTIAL_ID,
	intakeOnWebhook,
	onCredential,
	onShopifyOAuth2,
	refusingRepeatsCredential,
} from './workflows';
import type { NodeRun } from './n8nSession';
import { McpSession } from './mcp';
import { PodPlatform } from '../../nodes/PodPlatform/PodPlatform.node';
import { encodeStorefrontSku } from '../../nodes/PodPlatform/actions/common/storefrontSku';
import { N8nSession, subscriptions, unflatten, waitFor, webhookServed } from './n8nSession';
import { ShiftedClock } from './shiftedClock';
import { smtpStandInCredential, startSmtpStandIn } from './smtpStandIn';
import type { SmtpStandIn } from './smtpStandIn';
import {
	ensureN8n,
	freePort,
	installPackage,
	n8nCli,
	ownerSession,
	packPackage,
	rest,
	startN8n,
} from '../../scripts/n8n-runtime';

jest.setTimeout(300_000);

let runtime: N8nRuntime;
let sandbox: Sandbox;
/** A second sandbox, whose color/size pairs carry SKU texts (the extension some deployments have). */
let sandboxWithSkuTexts: Sandbox;
/** A sandbox for the session expiry case alone, so that its logins are that case's only. */
let sessionSandbox: Sandbox;
/** A third sandbox, which refuses a repeated Unique ID with 409 (the deployment option). */
let sandboxRefusingRepeats: Sandbox;
let n8n: N8nInstance;
let cookie: string;
let options: N8nOptions;
let workFolder: string;
let session: N8nSession;
/** n8n's clock (every n8n process of this suite runs on it). */
let clock: ShiftedClock;
/** Local stand-ins of the stores the way-back examples write to. */
let shopify: ShopifyStandIn;
let wooCommerce: WooCommerceStandIn;
/** A second WooCommerce store of the same merchant, under the store key `woocommerce-eu`. */
let wooCommerceEu: WooCommerceStandIn;
/** The mail server the examples' Send Email delivers to (their SMTP credential names it). */
let mail: SmtpStandIn;

/** The bearer token of the AI agent example's MCP Server Trigger (joined, so no literal looks like a secret). */
const MCP_TOKEN = ['e2e', 'mcp', 'bearer', 'token'].join('-');
/** Orders a page in the busiest-day group's catch-up copies (the examples read 250 / 100). */
const BUSIEST_DAY_PAGE_SIZE = 5;

/** Distinct deliveries sent at once, and how many are in flight together. */
const BURST = 300;
const BURST_SENDERS = 20;

async function control<T>(
	method: 'GET' | 'POST' | 'PUT' | 'DELETE',
	route: string,
	body?: unknown,
	of: Sandbox = sandbox,
): Promise<T> {
	const response = await request(`${of.controlUrl}${route}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.body.text();
	if (response.statusCode >= 400) throw new Error(`${route}: ${response.statusCode} ${text}`);
	return (text ? JSON.parse(text) : undefined) as T;
}

async function execute(workflowId: string): Promise<string> {
	const { stdout } = await n8nCli(runtime, options, [
		'execute',
		`--id=${workflowId}`,
		'--rawOutput',
	]);
	return stdout;
}

/**
 * The first JSON object in a command's output: n8n may print log lines before and after the
 * execution data, so the object is cut out by its braces (strings skipped) before it is parsed.
 */
function firstJsonObject(output: string): unknown {
	const start = output.indexOf('{');
	let depth = 0;
	let inString = false;
	for (let i = start; i >= 0 && i < output.length; i++) {
		const char = output[i];
		if (inString) {
			if (char === '\\') i++;
			else if (char === '"') inString = false;
		} else if (char === '"') inString = true;
		else if (char === '{') depth++;
		else if (char === '}' && --depth === 0) return JSON.parse(output.slice(start, i + 1));
	}
	throw new Error(`No JSON object in the output: ${output.slice(0, 500)}`);
}

/** Run a workflow with `n8n execute` and return each node's first run. */
async function runWorkflow(workflowId: string): Promise<Record<string, NodeRun>> {
	const output = await execute(workflowId);
	const run = firstJsonObject(output) as {
		data: { resultData: { runData: Record<string, NodeRun[]> } };
	};
	return Object.fromEntries(
		Object.entries(run.data.resultData.runData).map(([node, runs]) => [node, runs[0]]),
	);
}

const itemsOf = (run: NodeRun | undefined) => (run?.data?.main?.[0] ?? []).map((item) => item.json);

/** The credential as n8n stores it, decrypted with n8n's own command. */
async function storedCredential(id: string): Promise<Record<string, unknown>> {
	const file = path.join(workFolder, `credential-${id}.json`);
	await n8nCli(runtime, options, [
		'export:credentials',
		`--id=${id}`,
		'--decrypted',
		`--output=${file}`,
	]);
	const [credential] = JSON.parse(readFileSync(file, 'utf8')) as Array<{
		data: Record<string, unknown>;
	}>;
	rmSync(file);
	return credential.data;
}

/** Stop n8n and start it again on the same database, as after an upgrade or a crash. */
async function restartN8n(): Promise<void> {
	await n8n.stop();
	n8n = await startN8n(runtime, options);
	cookie = await ownerSession(n8n);
	session.instance = n8n;
	session.cookie = cookie;
}

/**
 * Holds the write lock on an SQLite database from another process (python3's sqlite3, `BEGIN
 * EXCLUSIVE`) until released: n8n's database is in WAL mode, so n8n still reads it, and every
 * write it tries meanwhile fails at once (n8n sets no busy timeout).
 */
async function lockDatabase(file: string): Promise<{ release(): Promise<void> }> {
	const holder = spawn(
		'python3',
		[
			'-c',
			[
				'import sqlite3, sys',
				'db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)',
				"db.execute('BEGIN EXCLUSIVE')",
				"print('locked', flush=True)",
				'sys.stdin.readline()',
				"db.execute('ROLLBACK')",
			].join('\n'),
			file,
		],
		{ stdio: ['pipe', 'pipe', 'inherit'] },
	);
	const exited = new Promise<void>((resolve) => holder.once('exit', () => resolve()));
	await new Promise<void>((resolve, reject) => {
		holder.stdout.once('data', () => resolve());
		holder.once('exit', (code) => reject(new Error(`the database lock ended with ${code}`)));
	});
	return {
		async release() {
			holder.stdin.end('\n');
			await exited;
		},
	};
}

/**
 * An order submitted an hour later on the service's clock (the date filter finds only it), before
 * the trigger subscribes: the trigger's tests use it as an order they have had no event of.
 */
const LATER_ORDER = 'e2e-later-1';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The documented storefront orders under another ID, one line changed so that the catalog does not
 * know it: Shopify's second line (the one still owed) by the product's own SKU with a color the
 * product does not list, WooCommerce's third line likewise through its meta_data.
 */
/** The Shopify examples the suite also runs on n8n's Shopify OAuth2 credential, and their copies' IDs. */
const SHOPIFY_OAUTH2_COPIES: Record<string, string> = {
	podExShopCheck: 'podE2eShopCheckOAuth2',
	podExShopPublish: 'podE2eShopPublishOAuth2',
};

const SHOPIFY_UNKNOWN_LINE = {
	...shopifyOrder,
	id: 450789471,
	line_items: shopifyOrder.line_items.map((line, index) =>
		index === 1 ? { ...line, sku: 'IPOD2008', variant_title: 'purple' } : line,
	),
};
const WOOCOMMERCE_UNKNOWN_LINE = {
	...wooCommerceOrderOf3Lines,
	id: 729,
	number: '729',
	line_items: wooCommerceOrderOf3Lines.line_items.map((line, index) =>
		index === 2
			? {
					...line,
					sku: 'TEE-CLASSIC',
					meta_data: [
						{ id: 2097, key: 'pa_color', value: 'purple' },
						{ id: 2098, key: 'size', value: 'L' },
					],
				}
			: line,
	),
};

/**
 * The intake examples' workflows on each deployment: on the contract (the main sandbox) the
 * examples themselves, whose pinned orders carry the print products' own SKUs; on a service whose
 * pairs carry SKU texts (a second sandbox) the same examples on the documented orders as they are.
 * Each with a copy holding the order with the unknown line, as its store would send it there.
 */
const INTAKE_WORKFLOWS = {
	shopify: {
		example: 'podExShopIntake',
		trigger: 'Shopify Trigger',
		documented: shopifyOrder,
		unknownLine: SHOPIFY_UNKNOWN_LINE,
	},
	woocommerce: {
		example: 'podExWooIntake',
		trigger: 'WooCommerce Trigger',
		documented: wooCommerceOrderOf3Lines,
		unknownLine: WOOCOMMERCE_UNKNOWN_LINE,
	},
};
const intakeWorkflowId = (storefront: string, mode: SkuMode, what: 'order' | 'unknownLine') =>
	`podE2e-${storefront}-${mode.variantSkuTexts ? 'texts' : 'contract'}-${what}`;

function intakeWorkflows(): Array<Record<string, unknown>> {
	return Object.entries(INTAKE_WORKFLOWS).flatMap(([storefront, intake]) =>
		SKU_MODES.flatMap((mode) => {
			const copy = mode.variantSkuTexts ? onSkuTextService : withPinnedPayload;
			return [
				...(mode.variantSkuTexts
					? [
							copy(
								intake.example,
								intakeWorkflowId(storefront, mode, 'order'),
								intake.trigger,
								mode.order(intake.documented),
							),
						]
					: []),
				copy(
					intake.example,
					intakeWorkflowId(storefront, mode, 'unknownLine'),
					intake.trigger,
					mode.order(intake.unknownLine),
				),
			];
		}),
	);
}

/**
 * The intake examples with their storefront trigger replaced by n8n's Webhook node (answered on
 * receipt, as the storefront triggers answer), each on the main sandbox, which stores a repeated
 * Unique ID as a new order, and on one that refuses it with 409. The documented order as the
 * contract deployment takes it (its lines by their print products' SKUs); on the main sandbox
 * under another ID, since the intake case above prints the documented one there.
 */
const OVERLAP_INTAKES = [
	{ store: 'Shopify', example: INTAKE_WORKFLOWS.shopify.example, documented: shopifyOrder },
	{
		store: 'WooCommerce',
		example: INTAKE_WORKFLOWS.woocommerce.example,
		documented: wooCommerceOrderOf3Lines,
	},
].flatMap(({ store, example, documented }) =>
	[false, true].map((refusing) => {
		const storefront = store.toLowerCase();
		// IDs no other group of this suite gives an order (the way back's are 450789490–93 and 740).
		const anotherId = store === 'Shopify' ? { id: 450789701 } : { id: 7701, number: '7701' };
		const order = withProductSkus({ ...documented, ...(refusing ? {} : anotherId) });
		const service = refusing ? 'refuses it with 409' : 'stores it as a new order';
		const catchUp = store === 'Shopify' ? 'podExShopCatchUp' : 'podExWooCatchUp';
		return {
			store,
			example,
			refusing,
			service,
			order,
			/** The catch-up example on this service: the shipped one, or its copy on the other. */
			catchUp: refusing ? `${catchUp}-refusing` : catchUp,
			workflowId: `podE2e-${storefront}-webhook-${refusing ? 'refusing' : 'storing'}`,
			webhookPath: `e2e-${storefront}-orders-${refusing ? 'refusing' : 'storing'}`,
		};
	}),
);

beforeAll(async () => {
	runtime = await ensureN8n();
	// The kinder deployment that lists what an ordered product orders (sandbox option
	// orderedProductDetails): the AI example answers an order's items by name and price from it,
	// and the WooCommerce way back tells a partly printed order by it. On the contract's plain
	// ordered product (ID and amount) both say less: the node-level suite runs both ways.
	sandbox = await startSandbox({ port: 0, deferredProcessingMs: 100, orderedProductDetails: true });
	sandboxWithSkuTexts = await startSandbox({
		port: 0,
		deferredProcessingMs: 100,
		variantSkuTexts: true,
	});
	sessionSandbox = await startSandbox({ port: 0, deferredProcessingMs: 100 });
	sandboxRefusingRepeats = await startSandbox({
		port: 0,
		deferredProcessingMs: 100,
		refuseRepeatedUniqueId: true,
	});
	workFolder = mkdtempSync(path.join(tmpdir(), 'pod-platform-e2e-'));
	// n8n's Shopify node (the catch-up example) calls Shopify over HTTPS: n8n trusts this certificate.
	const standInIdentity = selfSignedIdentity(workFolder);
	// Not a secret: the stand-in's own token, joined so that no literal looks like one.
	shopify = await startShopifyStandIn({
		accessToken: ['e2e', 'stand', 'in'].join('-'),
		tls: standInIdentity,
	});
	wooCommerce = await startWooCommerceStandIn({
		consumerKey: 'ck_e2e',
		consumerSecret: 'cs_e2e',
	});
	wooCommerceEu = await startWooCommerceStandIn({
		consumerKey: 'ck_e2e_eu',
		consumerSecret: 'cs_e2e_eu',
	});
	mail = await startSmtpStandIn();
	const secondStore = secondWooCommerceStore(wooCommerceEu);
	const userFolder = path.join(workFolder, 'n8n');
	const port = await freePort();
	clock = await ShiftedClock.create(workFolder);
	options = {
		userFolder,
		port,
		env: { ...clock.env(), NODE_EXTRA_CA_CERTS: standInIdentity.certFile },
	};

	const tarball = await packPackage(path.join(workFolder, 'package'));
	await installPackage(userFolder, tarball);

	const credentialsFile = path.join(workFolder, 'credentials.json');
	writeFileSync(
		credentialsFile,
		JSON.stringify([
			sandboxCredential(sandbox.baseUrl),
			skuTextsCredential(sandboxWithSkuTexts.baseUrl),
			sessionExpiryCredential(sessionSandbox.baseUrl),
			refusingRepeatsCredential(sandboxRefusingRepeats.baseUrl),
			...extraCredentials(sandbox.baseUrl),
			...standInCredentials(shopify, wooCommerce),
			secondStore.credential,
			mcpBearerCredential(MCP_TOKEN),
			smtpStandInCredential(mail, SMTP_CREDENTIAL_ID),
		]),
	);
	await n8nCli(runtime, options, ['import:credentials', `--input=${credentialsFile}`]);
	const workflowsFile = path.join(workFolder, 'workflows.json');
	writeFileSync(
		workflowsFile,
		JSON.stringify([
			...pointedAtStandIns(exampleWorkflows(), shopify, wooCommerce),
			...smallPageCatchUps(
				pointedAtStandIns(exampleWorkflows(), shopify, wooCommerce),
				BUSIEST_DAY_PAGE_SIZE,
			),
			secondStore.workflow,
			// The Shopify examples on n8n's Shopify OAuth2 credential (a Dev Dashboard app).
			...pointedAtStandIns(exampleWorkflows(), shopify, wooCommerce)
				.filter((workflow) => String(workflow.id) in SHOPIFY_OAUTH2_COPIES)
				.map((workflow) => onShopifyOAuth2(workflow, SHOPIFY_OAUTH2_COPIES[String(workflow.id)])),
			...e2eWorkflows(),
			...intakeWorkflows(),
			...pointedAtStandIns(exampleWorkflows(), shopify, wooCommerce)
				.filter((workflow) => ['podExShopCatchUp', 'podExWooCatchUp'].includes(String(workflow.id)))
				.map((workflow) =>
					onCredential(workflow, `${String(workflow.id)}-refusing`, REFUSING_REPEATS_CREDENTIAL_ID),
				),
			...OVERLAP_INTAKES.map((intake) =>
				intakeOnWebhook(
					intake.example,
					intake.workflowId,
					intake.webhookPath,
					intake.refusing ? REFUSING_REPEATS_CREDENTIAL_ID : undefined,
				),
			),
		]),
	);
	await n8nCli(runtime, options, ['import:workflow', `--input=${workflowsFile}`]);

	n8n = await startN8n(runtime, options);
	cookie = await ownerSession(n8n);
	session = new N8nSession(n8n, cookie);
	// Polls every minute: activated first, so that its first poll records the statuses before the
	// shipment it is to report.
	await session.activate(POLL_WORKFLOW_ID);
}, 45 * 60_000);

afterAll(async () => {
	// What n8n printed stays in a file of this run's own, for diagnosing a failure.
	if (n8n) {
		const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'pod-platform-e2e-log-')), 'n8n.log');
		writeFileSync(logFile, n8n.output());
		process.stdout.write(`n8n's output: ${logFile}\n`);
	}
	await n8n?.stop();
	await sandbox?.close();
	await sandboxWithSkuTexts?.close();
	await sessionSandbox?.close();
	await sandboxRefusingRepeats?.close();
	await shopify?.close();
	await wooCommerce?.close();
	await wooCommerceEu?.close();
	await mail?.close();
	if (workFolder) rmSync(workFolder, { recursive: true, force: true });
});

test('the pinned n8n is installed into its cache, from empty where asked, and opens its database', () => {
	if (process.env.POD_E2E_FRESH_CACHE === 'true') expect(runtime.installedNow).toBe(true);
	expect(existsSync(path.join(runtime.n8nDir, '.complete'))).toBe(true);
	expect(
		existsSync(path.join(runtime.n8nDir, 'node_modules/sqlite3/build/Release/node_sqlite3.node')),
	).toBe(true);
	// n8n started on SQLite and answered: its database opened.
	expect(n8n.output()).not.toMatch(/SQLite package has not been found/);
});

test("the README's install command puts the package alone in n8n's nodes folder, no peer", () => {
	const installed = readdirSync(
		path.join(options.userFolder, '.n8n', 'nodes', 'node_modules'),
	).filter((entry) => !entry.startsWith('.'));
	expect(installed).toEqual(['n8n-nodes-pod-platform']);
});

test('n8n loads both nodes and the credential from the installed tarball', async () => {
	const nodes = await (
		await request(`${n8n.url}/types/nodes.json`, { headers: { cookie } })
	).body.text();
	expect(nodes).toContain('"name":"n8n-nodes-pod-platform.podPlatform"');
	expect(nodes).toContain('"name":"n8n-nodes-pod-platform.podPlatformTrigger"');
	const credentials = await (
		await request(`${n8n.url}/types/credentials.json`, { headers: { cookie } })
	).body.text();
	expect(credentials).toContain('"name":"podPlatformApi"');
});

test("n8n's credential test logs in, and says so plainly when the password is wrong", async () => {
	const credential = sandboxCredential(sandbox.baseUrl);
	const test = async (password: string) =>
		await rest<{ status: string; message: string }>(n8n, cookie, 'POST', '/credentials/test', {
			credentials: {
				id: credential.id,
				name: credential.name,
				type: credential.type,
				data: { ...credential.data, password },
			},
		});
	expect((await test(DEMO.password)).status).toBe('OK');
	const refused = await test('not-the-password');
	expect(refused.status).toBe('Error');
	expect(refused.message).toMatch(/refused the login/);
	expect(refused.message).not.toContain('not-the-password');
});

/**
 * What the sandbox's catalog (sandbox/seed.ts) makes of each storefront line the examples print:
 * the product, color and size its SKU and variant name stand for, and the print area the
 * examples' fixed "FRONT" names on that product.
 */
const CATALOG: Record<
	string,
	{ productId: number; colorId: number; sizeId: number; areaId: number }
> = {
	// IPod Nano - 8gb: Green, Red, Black; One Size; FRONT print area.
	IPOD2008GREEN: { productId: 1004, colorId: 2031, sizeId: 3031, areaId: 4031 },
	IPOD2008RED: { productId: 1004, colorId: 2032, sizeId: 3031, areaId: 4031 },
	IPOD2008BLACK: { productId: 1004, colorId: 2033, sizeId: 3031, areaId: 4031 },
	// Ship Your Idea: Black, M Test.
	Bar3: { productId: 1005, colorId: 2041, sizeId: 3041, areaId: 4041 },
	// Classic T-Shirt: White, L.
	'TEE-CLASSIC-WHITE-L': { productId: 1001, colorId: 2001, sizeId: 3003, areaId: 4001 },
};
/** The motive the examples print on every line ("Company Logo", by name). */
const COMPANY_LOGO = 5001;
/** The sandbox's country US, which the storefront orders' country code names. */
const US = 4;

interface ControlOrder {
	id: number;
	uniqueId: string;
	financialStatus: string;
	countryId: number;
	customer: Record<string, unknown>;
	shipping: Record<string, unknown>;
	orderedProducts: Array<{
		productId: number;
		assignedColorId: number;
		assignedSizeId: number;
		sku: string;
		amount: number;
		compositions: Array<{ productAreaId: number; elements: Array<Record<string, unknown>> }>;
	}>;
}

/**
 * The print lines a storefront order should give: each line with a SKU still owed (Shopify's
 * `current_quantity` where it gives one), in order, with the SKU the service stores for it on
 * this deployment (the product's own, or the pair's text).
 */
const printLines = (
	lines: Array<{ sku: string; quantity: number; current_quantity?: number }>,
	mode: SkuMode,
) =>
	lines
		.filter((line) => line.sku && (line.current_quantity ?? line.quantity) > 0)
		.map((line) => {
			const { productId, colorId, sizeId, areaId } = CATALOG[line.sku];
			return {
				productId,
				assignedColorId: colorId,
				assignedSizeId: sizeId,
				sku: mode.sku(line.sku),
				amount: line.current_quantity ?? line.quantity,
				compositions: [
					{
						productAreaId: areaId,
						elements: [expect.objectContaining({ motiveId: COMPANY_LOGO })],
					},
				],
			};
		});

/** The lines of a print order as the sandbox holds them. */
const linesOf = (order: ControlOrder) =>
	order.orderedProducts.map(
		({ productId, assignedColorId, assignedSizeId, sku, amount, compositions }) => ({
			productId,
			assignedColorId,
			assignedSizeId,
			sku,
			amount,
			compositions,
		}),
	);

describe.each(
	[
		{
			store: 'Shopify',
			storefront: 'shopify' as const,
			uniqueId: `shopify-${shopifyOrder.id}`,
			// The parcel goes to the customer's name: the example takes the shipping address's.
			customer: {
				firstName: shopifyOrder.shipping_address.first_name,
				lastName: shopifyOrder.shipping_address.last_name,
				email: shopifyOrder.email,
				phone: shopifyOrder.shipping_address.phone,
				shippingAddress: {
					street: shopifyOrder.shipping_address.address1,
					city: shopifyOrder.shipping_address.city,
					zip: shopifyOrder.shipping_address.zip,
					countryCode: shopifyOrder.shipping_address.country_code,
				},
			},
			shippingTitle: shopifyOrder.shipping_lines[0].title,
			unknownUniqueId: `shopify-${SHOPIFY_UNKNOWN_LINE.id}`,
			refusal:
				'Shopify order #1001 (shopify-450789471) › Line 2 (SKU IPOD2008): no color purple; IPod Nano - 8gb offers Green, Red, Black',
		},
		{
			store: 'WooCommerce',
			storefront: 'woocommerce' as const,
			uniqueId: `woocommerce-${wooCommerceOrderOf3Lines.id}`,
			customer: {
				firstName: wooCommerceOrderOf3Lines.shipping.first_name,
				lastName: wooCommerceOrderOf3Lines.shipping.last_name,
				email: wooCommerceOrderOf3Lines.billing.email,
				phone: wooCommerceOrderOf3Lines.billing.phone,
				shippingAddress: {
					street: wooCommerceOrderOf3Lines.shipping.address_1,
					city: wooCommerceOrderOf3Lines.shipping.city,
					zip: wooCommerceOrderOf3Lines.shipping.postcode,
					countryCode: wooCommerceOrderOf3Lines.shipping.country,
				},
			},
			shippingTitle: wooCommerceOrderOf3Lines.shipping_lines[0].method_title,
			unknownUniqueId: `woocommerce-${WOOCOMMERCE_UNKNOWN_LINE.id}`,
			// The store's own line numbers: the first line, which has no SKU, counts.
			refusal:
				'WooCommerce order #729 (woocommerce-729) › Line 3 (SKU TEE-CLASSIC): no color purple; Classic T-Shirt offers White, Black',
		},
	].flatMap((intake) => SKU_MODES.map((mode) => ({ ...intake, mode, on: mode.mode }))),
)('from the storefront: the $store intake example on $on', (intake) => {
	const { mode } = intake;
	const workflows = INTAKE_WORKFLOWS[intake.storefront];
	/** The sandbox of this deployment. */
	const service = () => (mode.variantSkuTexts ? sandboxWithSkuTexts : sandbox);
	const controlOf = async <T>(route: string) =>
		await control<T>('GET', route, undefined, service());
	/** The requests the sandbox logged, and how many of them submitted an order. */
	const logged = async () =>
		await controlOf<Array<{ method: string; path: string; status: number }>>('/requests');
	const submissions = async () =>
		(await logged()).filter(
			(entry) => entry.method === 'POST' && entry.path.endsWith('/orders/usingCreatorSE'),
		).length;

	test('its pinned documented order becomes exactly one print order holding the lines still owed, customer and address; run again, it already exists', async () => {
		const workflowId = mode.variantSkuTexts
			? intakeWorkflowId(intake.storefront, mode, 'order')
			: workflows.example;
		const before = (await logged()).length;
		const first = await session.runFromPinnedTrigger(workflowId, workflows.trigger);
		expect({ status: first.status, error: first.error }).toEqual({
			status: 'success',
			error: undefined,
		});
		const requests = (await logged()).slice(before);
		// What one storefront order costs the service on this deployment, for the closing figures.
		process.stdout.write(
			`${intake.store} intake on ${mode.mode}: ${requests.length} requests to the service (${requests.map((r) => `${r.method} ${r.path.replace(/^.*\/shops\/\d+/, '')}`).join(', ')})\n`,
		);
		expect(requests.filter((r) => r.status >= 400)).toEqual([]);
		const submitted = itemsOf(first.runData['Submit Print Order']?.[0]);
		expect(submitted).toEqual([
			expect.objectContaining({ uniqueId: intake.uniqueId, alreadyExisted: false }),
		]);
		// Every line of the store's order is accounted for: printed, or named with the reason.
		const storeLines = submitted[0].storeLines as Array<{ printed: boolean; reason?: string }>;
		expect(storeLines).toHaveLength(workflows.documented.line_items.length);
		expect(storeLines.filter((line) => !line.printed).every((line) => line.reason)).toBe(true);
		// The WooCommerce example leaves out the line the print shop does not sell (Woo Single #1),
		// as its Lines the Print Shop Does Not Sell chooses, and says the order is printed in part;
		// Shopify's documented order leaves out only its refunded lines.
		expect(submitted[0].partlyPrinted).toBe(intake.storefront === 'woocommerce');
		const orders = await controlOf<ControlOrder[]>(`/orders?uniqueId=${intake.uniqueId}`);
		expect(orders).toHaveLength(1);
		const [order] = orders;
		expect(submitted[0].id).toBe(order.id);
		expect(linesOf(order)).toEqual(printLines(workflows.documented.line_items, mode));
		expect(order.customer).toEqual(intake.customer);
		expect(order).toMatchObject({
			financialStatus: 'PAID',
			countryId: US,
			shipping: { title: intake.shippingTitle, carrierId: 21 },
		});

		const again = await session.runFromPinnedTrigger(workflowId, workflows.trigger);
		expect(again.status).toBe('success');
		expect(itemsOf(again.runData['Submit Print Order']?.[0])).toEqual([
			expect.objectContaining({ uniqueId: intake.uniqueId, id: order.id, alreadyExisted: true }),
		]);
		expect(await controlOf(`/orders?uniqueId=${intake.uniqueId}`)).toHaveLength(1);
	});

	test('the same order with a line the catalog does not know fails whole before anything is sent, naming the store order, the line and what its product offers', async () => {
		const before = await submissions();
		const run = await session.runFromPinnedTrigger(
			intakeWorkflowId(intake.storefront, mode, 'unknownLine'),
			workflows.trigger,
		);
		expect(run.status).toBe('error');
		expect(run.error?.message).toContain(intake.refusal);
		expect(run.runData['Submit Print Order']?.[0].error?.message).toBe(intake.refusal);
		expect(await controlOf(`/orders?uniqueId=${intake.unknownUniqueId}`)).toEqual([]);
		expect(await submissions()).toBe(before);
	});
});

test('listing orders with a filter finds the paid order', async () => {
	const output = await execute('podExListOrders1');
	// The Shopify intake example submitted its order as Paid.
	expect(output).toContain('shopify-450789469');
});

test('the morning digest (needs-you-today.json) emails the orders needing attention, each with why and what to do: a complaint and a stuck order in, an order in production out', async () => {
	const service = new ServiceClient(sandbox.baseUrl);
	await service.login();
	/** A paid order of the demo shop, once production got it ready; then moved on to `to`. */
	const orderIn = async (uniqueId: string, to?: string) => {
		const id = await submitOrder(service, { uniqueId });
		await waitFor(`production of ${uniqueId} to get it ready`, async () =>
			(await control<{ fulfilmentStatus?: string }>('GET', `/orders/${id}`)).fulfilmentStatus ===
			'PREPARED_TO_PRODUCE'
				? true
				: undefined,
		);
		if (to) await control('POST', `/orders/${id}/advance`, { to });
		return id;
	};
	const complaint = await orderIn('digest-complaint', 'RECLAMATION');
	const ready = await orderIn('digest-ready');
	const inProduction = await orderIn('digest-in-production', 'NOT_EDITABLE');
	// The example as shipped counts an order stuck after 24 hours; these were placed now, so a copy
	// counts from 0 hours: every order not moved on is stuck.
	const [digest] = exampleWorkflows().filter((workflow) => workflow.id === 'podExNeedsYou');
	const nodes = (digest.nodes as Array<{ name: string; parameters: Record<string, unknown> }>).map(
		(node) =>
			node.name === 'Orders Needing Attention'
				? { ...node, parameters: { ...node.parameters, olderThanHours: 0 } }
				: node,
	);
	const copy: Record<string, unknown> = { ...digest, nodes, name: 'What needs you today (0 h)' };
	delete copy.id;
	const created = await rest<{ id: string }>(n8n, cookie, 'POST', '/workflows', copy);
	const sentBefore = mail.messages.length;
	const run = await session.runFromPinnedTrigger(created.id, 'Every Morning');
	expect({ status: run.status, error: run.error }).toEqual({ status: 'success', error: undefined });
	const listed = itemsOf(run.runData['Orders Needing Attention']?.[0]) as Array<{
		id: number;
		attentionReason: string;
		attentionTodo: string;
	}>;
	const reasonOf = (id: number) => listed.find((order) => order.id === id);
	expect(reasonOf(complaint)).toMatchObject({
		attentionReason: 'A complaint about it is being handled',
		attentionTodo: 'Follow the complaint up with the service.',
	});
	expect(reasonOf(ready)).toMatchObject({
		attentionReason: 'Ready for production, but production has not picked it up',
	});
	expect(reasonOf(inProduction)).toBeUndefined();
	// One message, to the address the example names, counting every order listed.
	expect(mail.messages.slice(sentBefore)).toHaveLength(1);
	const [message] = mail.messages.slice(sentBefore);
	expect(message.to).toEqual(['you@example.com']);
	expect(message.subject).toBe(`Print orders: ${listed.length} need you today`);
	expect(message.text).toContain(`${listed.length} print orders need you today:`);
	expect(message.text).toContain(`- Order ${complaint} (digest-complaint), placed `);
	expect(message.text).toContain(
		': A complaint about it is being handled. Follow the complaint up with the service.',
	);
	expect(message.text).not.toContain('digest-in-production');
	// The digest as one item for any other channel: the same count and orders.
	const [summary] = itemsOf(run.runData['Summary Text']?.[0]) as Array<{
		count: number;
		orders: unknown[];
		text: string;
	}>;
	expect(summary.count).toBe(listed.length);
	expect(summary.orders).toHaveLength(listed.length);
	expect(message.text.trim()).toBe(summary.text.trim());
});

test('a motive is created from a file', async () => {
	const output = await execute('podExMotiveFile1');
	expect(output).toMatch(/"type":\s*"HIGH_RESOLUTION_BITMAP"/);
	expect(output).toContain('logo');
});

test("the daily CSV batch builds, uploads and follows an import until each line is processed: a line per printed line of yesterday's WooCommerce orders", async () => {
	// Three paid orders of the documented shape, created yesterday at noon in n8n's time zone (the
	// example's day runs from midnight to midnight there), each line with an ID of its own.
	const zone = process.env.GENERIC_TIMEZONE ?? 'America/New_York';
	const today = DateTime.now().setZone(zone).startOf('day');
	const local = (time: DateTime) => time.toFormat("yyyy-MM-dd'T'HH:mm:ss");
	const yesterdayNoon = today.minus({ hours: 12 });
	const ids = [801, 802, 803];
	// The store is set up for the contract: its variations carry the print product's own SKU.
	const storeOrder = withProductSkus(wooCommerceOrderOf3Lines);
	for (const id of ids) {
		wooCommerce.addOrder({
			...storeOrder,
			id,
			number: String(id),
			date_created: local(yesterdayNoon),
			date_created_gmt: local(yesterdayNoon.toUTC()),
			line_items: storeOrder.line_items.map((line) => ({
				...line,
				id: id * 1000 + line.id,
			})),
		});
	}
	const nodes = await runWorkflow('podExDailyCsv1');
	const listed = wooCommerce.requests.filter((r) => r.path === '/wp-json/wc/v3/orders');
	expect(listed.at(-1)).toMatchObject({
		status: 200,
		query: {
			after: local(today.minus({ days: 1 })),
			before: local(today),
			status: 'processing',
			per_page: '100',
		},
	});
	const [result] = itemsOf(nodes['Upload and Wait']) as Array<{
		processed: boolean;
		error: boolean;
		linesTotal: number;
		linesFailed: number;
		lines: Array<{ uniqueId: string; orderId: number; ok: boolean }>;
	}>;
	// Each order's two lines with a SKU; its line without one (Woo Single #1) is not printed.
	expect(result).toMatchObject({ processed: true, error: false, linesTotal: 6, linesFailed: 0 });
	const orderIds = [...new Set(result.lines.map((line) => line.orderId))];
	expect(orderIds).toHaveLength(3);
	const printed = storeOrder.line_items.filter((line) => line.sku);
	for (const orderId of orderIds) {
		const order = await control<ControlOrder>('GET', `/orders/${orderId}`);
		expect(ids.map((id) => `woocommerce-${id}`)).toContain(order.uniqueId);
		expect(order.orderedProducts.map(({ sku, amount }) => ({ sku, amount }))).toEqual(
			printed.map(({ sku, quantity }) => ({ sku, amount: quantity })),
		);
		expect(order.customer.shippingAddress).toMatchObject({
			street: wooCommerceOrderOf3Lines.shipping.address_1,
			city: wooCommerceOrderOf3Lines.shipping.city,
			zip: wooCommerceOrderOf3Lines.shipping.postcode,
			countryCode: wooCommerceOrderOf3Lines.shipping.country,
		});
	}
});

/**
 * Catching up after a bad day (examples/shopify-catch-up.json, woocommerce-catch-up.json): each
 * store holds orders of the last hours on the contract's set-up: one the intake missed, for
 * Shopify one it printed before the outage and one with nothing left to print, one with a line
 * the catalog does not know, and one the window or the status leaves out. Earlier cases may have
 * left orders of their own in the window; they are counted as they come out.
 */
test("the catch-up examples print the last day's storefront orders that have no print order, name the ones that fail and sum it up; run again, every printed one is already printed and nothing more is sent", async () => {
	const zone = process.env.GENERIC_TIMEZONE ?? 'America/New_York';
	const hoursAgo = (hours: number) => DateTime.now().minus({ hours });
	const shopifyTime = (hours: number) =>
		hoursAgo(hours).setZone(zone).toISO({ suppressMilliseconds: true }) as string;
	// Placed that many hours ago and unchanged since: the Shopify catch-up reads by updated_at.
	const shopifyTimes = (hours: number) => ({
		created_at: shopifyTime(hours),
		updated_at: shopifyTime(hours),
	});
	const wooTimes = (hours: number) => ({
		date_created: hoursAgo(hours).setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm:ss"),
		date_created_gmt: hoursAgo(hours).toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss"),
		// Unchanged since it was placed: the WooCommerce catch-up reads by date_modified.
		date_modified: hoursAgo(hours).setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm:ss"),
		date_modified_gmt: hoursAgo(hours).toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss"),
	});
	const shopifyDocumented = withProductSkus(shopifyOrder);
	const shopifyOrders = {
		missing: { ...shopifyDocumented, id: 450789480, ...shopifyTimes(2) },
		printedBefore: { ...shopifyDocumented, id: 450789481, ...shopifyTimes(3) },
		nothingOwed: {
			...shopifyDocumented,
			id: 450789482,
			...shopifyTimes(4),
			line_items: shopifyDocumented.line_items.map((line) => ({ ...line, current_quantity: 0 })),
		},
		unknownLine: {
			...withProductSkus(SHOPIFY_UNKNOWN_LINE),
			id: 450789483,
			...shopifyTimes(5),
		},
		tooOld: { ...shopifyDocumented, id: 450789484, ...shopifyTimes(30) },
		// Placed 30 hours ago, paid 2 hours ago: in the window by its change, printed.
		paidLater: {
			...shopifyDocumented,
			id: 450789487,
			created_at: shopifyTime(30),
			updated_at: shopifyTime(2),
		},
		// Never printed: not paid yet, and cancelled (paid before).
		unpaid: {
			...shopifyDocumented,
			id: 450789485,
			...shopifyTimes(2),
			financial_status: 'pending',
		},
		cancelled: {
			...shopifyDocumented,
			id: 450789486,
			...shopifyTimes(2),
			financial_status: 'paid',
			cancelled_at: shopifyTime(1),
		},
	};
	const wooDocumented = withProductSkus(wooCommerceOrderOf3Lines);
	const wooOrders = {
		missing: { ...wooDocumented, id: 901, number: '901', ...wooTimes(2) },
		unknownLine: {
			...withProductSkus(WOOCOMMERCE_UNKNOWN_LINE),
			id: 902,
			number: '902',
			...wooTimes(3),
		},
		completed: { ...wooDocumented, id: 903, number: '903', status: 'completed', ...wooTimes(2) },
	};
	// The order printed before the print service went down comes first (below); the others after.
	shopify.addOrder(shopifyOrders.printedBefore);
	for (const order of Object.values(wooOrders)) wooCommerce.addOrder(order);

	interface Outcome {
		storeOrder: string;
		outcome: string;
		printOrderId: string;
		reason: string;
		partlyPrinted: boolean;
	}
	const submissions = async () =>
		(await control<Array<{ method: string; path: string }>>('GET', '/requests')).filter(
			(entry) => entry.method === 'POST' && entry.path.endsWith('/orders/usingCreatorSE'),
		).length;
	const printOrders = async (uniqueId: string) =>
		await control<ControlOrder[]>('GET', `/orders?uniqueId=${uniqueId}`);
	const catchUp = async (workflowId: string) => {
		const run = await session.runFromPinnedTrigger(workflowId, 'Run Now');
		expect({ workflowId, status: run.status, error: run.error }).toEqual({
			workflowId,
			status: 'success',
			error: undefined,
		});
		const outcomes = [
			...itemsOf(run.runData['Outcome of Each Order']?.[0]),
			// The Shopify catch-up's orders left out before Submit (not paid, cancelled).
			...itemsOf(run.runData['Outcome: Not Paid or Cancelled']?.[0]),
			// WooCommerce's: an order read but not paid (on hold, pending).
			...itemsOf(run.runData['Outcome: Not Paid']?.[0]),
		] as unknown as Outcome[];
		const summaries = itemsOf(run.runData.Summary?.[0]);
		expect(summaries).toHaveLength(1);
		const count = (outcome: string) => outcomes.filter((entry) => entry.outcome === outcome);
		const wooCommerceOnly =
			workflowId === 'podExWooCatchUp'
				? {
						notPaid: count('not paid').length,
						awaitingPayment: count('not paid').map((entry) => entry.reason),
						linesNotPrinted: expect.any(Array),
					}
				: {};
		// The one summary item counts every order read, the test's and any other in the window.
		expect(summaries[0]).toMatchObject({
			...wooCommerceOnly,
			ordersRead: outcomes.length,
			printedNow: count('printed now').length,
			alreadyPrinted: count('already printed').length,
			notPrintable: count('not printable').length,
			failed: count('failed').length,
			partlyPrinted: outcomes.filter((entry) => entry.partlyPrinted).length,
			printed: count('printed now').map(
				(entry) => `${entry.storeOrder} → print order ${entry.printOrderId}`,
			),
			notPrinted: count('not printable').map((entry) => `${entry.storeOrder}: ${entry.reason}`),
			failures: count('failed').map((entry) => `${entry.storeOrder}: ${entry.reason}`),
		});
		const of = (id: number) => outcomes.filter((entry) => entry.storeOrder.endsWith(`(ID ${id})`));
		return { outcomes, summary: summaries[0], of };
	};
	const shopifyRefusal =
		'Shopify order #1001 (shopify-450789483) › Line 2 (SKU IPOD2008): no color purple; IPod Nano - 8gb offers Green, Red, Black';
	const wooRefusal =
		'WooCommerce order #902 (woocommerce-902) › Line 3 (SKU TEE-CLASSIC): no color purple; Classic T-Shirt offers White, Black';

	// Printed before the print service went down, as the store's order says: by the catch-up's own
	// Submit, run while it was the only new order (a print order of other content under its
	// Unique ID would be another order, refused).
	await catchUp('podExShopCatchUp');
	const [{ id: printedBefore }] = await printOrders(`shopify-${shopifyOrders.printedBefore.id}`);
	for (const order of Object.values(shopifyOrders)) {
		if (order !== shopifyOrders.printedBefore) shopify.addOrder(order);
	}
	const shopifyRequestsBefore = shopify.requests.length;

	// The first run after the outage.
	const shopifyFirst = await catchUp('podExShopCatchUp');
	// Read through the GraphQL Admin API, a page of 20 at a time by pageInfo's cursor.
	const listed = shopify.requests
		.slice(shopifyRequestsBefore)
		.filter(
			(entry) => entry.method === 'POST' && entry.path.endsWith('/admin/api/2026-07/graphql.json'),
		) as Array<{ status: number; body: { variables: { search: string; after: string | null } } }>;
	expect(listed.length).toBeGreaterThanOrEqual(1);
	expect(listed.map((entry) => entry.status)).toEqual(listed.map(() => 200));
	expect(listed[0].body.variables.after).toBeNull();
	// n8n's clock may run an hour ahead (the trigger's cases): the window starts about a day ago.
	const windowStart = DateTime.fromISO(
		/^updated_at:>='(.+)'$/.exec(listed[0].body.variables.search)![1],
	);
	expect(Math.abs(windowStart.diff(hoursAgo(24), 'hours').hours)).toBeLessThan(2);
	const [shopifyPrinted] = await printOrders(`shopify-${shopifyOrders.missing.id}`);
	expect(shopifyFirst.of(shopifyOrders.missing.id)).toEqual([
		{
			storeOrder: `Shopify order #1001 (ID ${shopifyOrders.missing.id})`,
			outcome: 'printed now',
			printOrderId: String(shopifyPrinted.id),
			reason: '',
			// Printed whole: its refunded lines are owed nothing.
			partlyPrinted: false,
			// The documented order's refunded lines, each named with its reason.
			linesNotPrinted: [
				'Line 1 (SKU IPOD2008): nothing is owed: Shopify gives current_quantity 0 (refunded or removed)',
				'Line 3 (SKU IPOD2008): nothing is owed: Shopify gives current_quantity 0 (refunded or removed)',
			],
		},
	]);
	expect(shopifyFirst.of(shopifyOrders.printedBefore.id)).toEqual([
		expect.objectContaining({ outcome: 'already printed', printOrderId: String(printedBefore) }),
	]);
	expect(shopifyFirst.of(shopifyOrders.nothingOwed.id)).toEqual([
		expect.objectContaining({ outcome: 'not printable', printOrderId: '' }),
	]);
	expect(shopifyFirst.of(shopifyOrders.nothingOwed.id)[0].reason).not.toBe('');
	expect(shopifyFirst.of(shopifyOrders.unknownLine.id)).toEqual([
		expect.objectContaining({ outcome: 'failed', reason: expect.stringContaining(shopifyRefusal) }),
	]);
	expect(shopifyFirst.of(shopifyOrders.tooOld.id)).toEqual([]);
	// Placed before the window, paid within it: read by its change and printed once.
	expect(shopifyFirst.of(shopifyOrders.paidLater.id)).toEqual([
		expect.objectContaining({ outcome: 'printed now' }),
	]);
	expect(await printOrders(`shopify-${shopifyOrders.paidLater.id}`)).toHaveLength(1);
	expect(shopifyFirst.of(shopifyOrders.unpaid.id)).toEqual([
		expect.objectContaining({
			outcome: 'skipped',
			reason: expect.stringContaining('not paid yet (displayFinancialStatus PENDING'),
		}),
	]);
	expect(shopifyFirst.of(shopifyOrders.cancelled.id)).toEqual([
		expect.objectContaining({
			outcome: 'skipped',
			reason: expect.stringMatching(/^cancelled in Shopify/),
		}),
	]);
	expect(shopifyFirst.summary.skips).toEqual(
		expect.arrayContaining([
			expect.stringMatching(/^Shopify order #1001 \(ID 450789485\): not paid yet/),
			expect.stringMatching(/^Shopify order #1001 \(ID 450789486\): cancelled in Shopify/),
		]),
	);
	// The documented order's line with nothing owed is named with its reason.
	expect(shopifyFirst.summary.linesNotPrinted).toContainEqual(
		expect.stringMatching(/^Shopify order #1001 \(ID 450789480\) › Line \d+ .*: nothing is owed/),
	);
	expect(shopifyFirst.summary.pagesNotRead).toEqual([]);
	expect(shopifyFirst.summary.failures).toContainEqual(
		expect.stringMatching(
			/^Shopify order #1001 \(ID 450789483\): Shopify order #1001 \(shopify-450789483\) › Line 2/,
		),
	);

	const wooFirst = await catchUp('podExWooCatchUp');
	expect(
		wooCommerce.requests.filter((entry) => entry.path === '/wp-json/wc/v3/orders').at(-1),
	).toMatchObject({
		status: 200,
		query: { status: 'processing,on-hold,pending', per_page: '100', order: 'asc', page: '1' },
	});
	const [wooPrinted] = await printOrders(`woocommerce-${wooOrders.missing.id}`);
	expect(wooFirst.of(wooOrders.missing.id)).toEqual([
		{
			storeOrder: `WooCommerce order #901 (ID ${wooOrders.missing.id})`,
			outcome: 'printed now',
			printOrderId: String(wooPrinted.id),
			reason: '',
			// Printed without the line the print shop does not sell, as the example chooses (Leave Out).
			partlyPrinted: true,
			linesNotPrinted: [
				'Line 1 (Woo Single #1): it has no SKU, and no product of the shop is named "Woo Single #1"',
			],
		},
	]);
	expect(wooFirst.of(wooOrders.unknownLine.id)).toEqual([
		expect.objectContaining({ outcome: 'failed', reason: expect.stringContaining(wooRefusal) }),
	]);
	expect(wooFirst.of(wooOrders.completed.id)).toEqual([]);
	// The line the shop has no product of is named with its order, not only in Submit's output.
	expect(wooFirst.summary.linesNotPrinted).toContain(
		'WooCommerce order #901 (ID 901) › Line 1 (Woo Single #1): it has no SKU, and no product of the shop is named "Woo Single #1"',
	);
	for (const id of [
		shopifyOrders.unknownLine.id,
		shopifyOrders.nothingOwed.id,
		shopifyOrders.unpaid.id,
		shopifyOrders.cancelled.id,
	]) {
		expect(await printOrders(`shopify-${id}`)).toEqual([]);
	}
	expect(await printOrders(`woocommerce-${wooOrders.unknownLine.id}`)).toEqual([]);
	// The counts of each first run, for the closing figures.
	const counts = (summary: Record<string, unknown>) =>
		JSON.stringify(
			Object.fromEntries(Object.entries(summary).filter(([, value]) => !Array.isArray(value))),
		);
	process.stdout.write(
		`catch-up, first run: Shopify ${counts(shopifyFirst.summary)}, WooCommerce ${counts(wooFirst.summary)}\n`,
	);

	// The next hour: everything printed is found, nothing more is sent.
	const sent = await submissions();
	const shopifyAgain = await catchUp('podExShopCatchUp');
	const wooAgain = await catchUp('podExWooCatchUp');
	expect(await submissions()).toBe(sent);
	expect([shopifyAgain.summary.printedNow, wooAgain.summary.printedNow]).toEqual([0, 0]);
	expect(shopifyAgain.of(shopifyOrders.missing.id)).toEqual([
		expect.objectContaining({
			outcome: 'already printed',
			printOrderId: String(shopifyPrinted.id),
		}),
	]);
	expect(shopifyAgain.of(shopifyOrders.printedBefore.id)).toEqual([
		expect.objectContaining({ outcome: 'already printed', printOrderId: String(printedBefore) }),
	]);
	expect(wooAgain.of(wooOrders.missing.id)).toEqual([
		expect.objectContaining({ outcome: 'already printed', printOrderId: String(wooPrinted.id) }),
	]);
	// Its line left out is named again while the order is in the window, printed before or not,
	// and the order counted as printed in part.
	expect(wooAgain.summary.linesNotPrinted).toEqual(wooFirst.summary.linesNotPrinted);
	expect(wooAgain.of(wooOrders.missing.id)[0].partlyPrinted).toBe(true);
	// What could not be printed says so again, until it is fixed in the store.
	expect(shopifyAgain.of(shopifyOrders.unknownLine.id)[0].outcome).toBe('failed');
	expect(shopifyAgain.of(shopifyOrders.nothingOwed.id)[0].outcome).toBe('not printable');
	expect(wooAgain.of(wooOrders.unknownLine.id)[0].outcome).toBe('failed');
	for (const uniqueId of [
		`shopify-${shopifyOrders.missing.id}`,
		`shopify-${shopifyOrders.printedBefore.id}`,
		`woocommerce-${wooOrders.missing.id}`,
	]) {
		expect(await printOrders(uniqueId)).toHaveLength(1);
	}
});

/**
 * Nothing printed before it is paid (issue "The bad day"): WooCommerce counts `processing` and
 * `completed` as paid and sets `date_paid` on reaching them; an on-hold bank transfer or a pending
 * order is not. The intake example, activated, listens to order.created and order.updated; the
 * catch-up example reads the orders changed in the last 24 hours.
 */
const CATCH_UP_COST_ORDERS = 100;

test(`what a catch-up costs the print service per store order (bench/README.md): ${CATCH_UP_COST_ORDERS} orders of each store the intake never saw, printed by the first run, each once; the second run prints nothing and sends no order`, async () => {
	// Placed now in the stand-ins without a webhook, as orders the intake missed.
	const orders = busiestDayOrders({ count: CATCH_UP_COST_ORDERS * 2, firstId: 8_900_000 });
	for (const { platform, order } of orders) {
		if (platform === 'shopify') shopify.addOrder(order);
		else wooCommerce.addOrder(order);
	}
	const serviceLog = async () =>
		await control<Array<{ method: string; path: string; query: Record<string, string> }>>(
			'GET',
			'/requests',
		);
	/** The requests since `from`, by kind: method and path with IDs as {id}. */
	const kinds = (log: Array<{ method: string; path: string }>) => {
		const counted: Record<string, number> = {};
		for (const r of log) {
			const kind = `${r.method} ${r.path.replace(/\d+/g, '{id}')}`;
			counted[kind] = (counted[kind] ?? 0) + 1;
		}
		return counted;
	};
	for (const [platform, workflowId] of [
		['shopify', 'podExShopCatchUp'],
		['woocommerce', 'podExWooCatchUp'],
	] as const) {
		const ours = new Set(
			orders.filter((order) => order.platform === platform).map((order) => order.uniqueId),
		);
		const figures: Array<Record<string, unknown>> = [];
		const outcomes: Array<Map<string, string>> = [];
		for (const run of ['everything new', 'nothing to print']) {
			const before = (await serviceLog()).length;
			const result = await session.runFromPinnedTrigger(workflowId, 'Run Now');
			expect({ workflowId, run, status: result.status }).toEqual({
				workflowId,
				run,
				status: 'success',
			});
			const asked = (await serviceLog()).slice(before);
			const requests = asked.length;
			const summary = itemsOf(result.runData.Summary?.[0])[0] as Record<string, number>;
			const submitted = itemsOf(result.runData['Submit Print Order']?.[0]);
			outcomes.push(
				new Map(
					submitted
						.filter((item) => ours.has(String(item.uniqueId)))
						.map((item) => [
							String(item.uniqueId),
							item.error ? 'failed' : item.alreadyExisted ? 'already printed' : 'printed now',
						]),
				),
			);
			figures.push({
				run,
				ordersRead: summary.ordersRead,
				printedNow: summary.printedNow,
				alreadyPrinted: summary.alreadyPrinted,
				serviceRequests: requests,
				perStoreOrder: Math.round((requests / summary.ordersRead) * 100) / 100,
				kinds: kinds(asked),
			});
		}
		process.stdout.write(`catch-up cost, ${platform}: ${JSON.stringify(figures)}\n`);
		// Every one of this case's orders printed by the first run, found printed by the second.
		expect([...outcomes[0].values()].filter((outcome) => outcome !== 'printed now')).toEqual([]);
		expect(outcomes[0].size).toBe(CATCH_UP_COST_ORDERS);
		expect([...outcomes[1].values()].filter((outcome) => outcome !== 'already printed')).toEqual(
			[],
		);
		expect(outcomes[1].size).toBe(CATCH_UP_COST_ORDERS);
		expect(figures[1].printedNow).toBe(0);
	}
}, 600_000);

test("WooCommerce: an on-hold and a pending order are printed neither by the intake nor by the catch-up, each named with its reason; paid 25 hours after it was placed, each is printed once: by the intake's order.updated, or by the next catch-up", async () => {
	const intake = 'podExWooIntake';
	const zone = process.env.GENERIC_TIMEZONE ?? 'America/New_York';
	const format = "yyyy-MM-dd'T'HH:mm:ss";
	/** The store's dates of an order placed `hours` ago and not changed since. */
	const placed = (hours: number) => {
		const at = DateTime.now().minus({ hours });
		const local = at.setZone(zone).toFormat(format);
		const gmt = at.toUTC().toFormat(format);
		return {
			date_created: local,
			date_created_gmt: gmt,
			date_modified: local,
			date_modified_gmt: gmt,
		};
	};
	const unpaid = { date_paid: null, date_paid_gmt: null, date_completed: null, transaction_id: '' };
	const documented = withProductSkus(wooCommerceOrderOf3Lines);
	const bankTransfer = {
		...documented,
		...unpaid,
		id: 7801,
		number: '7801',
		status: 'on-hold',
		payment_method: 'bacs',
		payment_method_title: 'Direct bank transfer',
	};
	const pending = {
		...documented,
		...unpaid,
		id: 7802,
		number: '7802',
		status: 'pending',
		payment_method: 'cheque',
		payment_method_title: 'Check payments',
	};
	const reasons = {
		[bankTransfer.id]:
			'WooCommerce order #7801 (ID 7801) is on-hold: awaiting payment (a bank transfer or cheque not yet received), not printed until the store marks it Processing',
		[pending.id]:
			'WooCommerce order #7802 (ID 7802) is pending: payment not received yet, not printed until it is paid (Processing)',
	};
	const printOrders = async (id: number) =>
		await control<ControlOrder[]>('GET', `/orders?uniqueId=woocommerce-${id}`);
	const submissions = async () =>
		(await control<Array<{ method: string; path: string }>>('GET', '/requests')).filter(
			(entry) => entry.method === 'POST' && entry.path.endsWith('/orders/usingCreatorSE'),
		).length;
	/** Each node's items in an execution of the intake (n8n's stored data). */
	const intakeRun = async (executionId: string) => {
		const data = unflatten(await session.executionData(executionId)) as {
			resultData: { runData: Record<string, NodeRun[]> };
		};
		return (node: string) => itemsOf(data.resultData.runData[node]?.[0]);
	};
	/** The intake's executions after the first `count`, once they have ended. */
	const intakeExecutions = async (count: number, more: number) =>
		(await session.finishedExecutionsOf(intake, count + more, 60_000))
			.sort((a, b) => Number(a.id) - Number(b.id))
			.slice(count);
	interface Outcome {
		storeOrder: string;
		outcome: string;
		printOrderId: string;
		reason: string;
		partlyPrinted: boolean;
	}
	const catchUp = async () => {
		const listedBefore = wooCommerce.requests.length;
		const run = await session.runFromPinnedTrigger('podExWooCatchUp', 'Run Now');
		expect({ status: run.status, error: run.error }).toEqual({
			status: 'success',
			error: undefined,
		});
		const outcomes = [
			...itemsOf(run.runData['Outcome of Each Order']?.[0]),
			...itemsOf(run.runData['Outcome: Not Paid']?.[0]),
		] as unknown as Outcome[];
		const listed = wooCommerce.requests
			.slice(listedBefore)
			.filter((entry) => entry.path === '/wp-json/wc/v3/orders');
		return {
			of: (id: number) => outcomes.filter((entry) => entry.storeOrder.endsWith(`(ID ${id})`)),
			summary: itemsOf(run.runData.Summary?.[0])[0],
			listed,
		};
	};

	// The intake on its two webhooks.
	const intakeWebhooks = () =>
		wooCommerce
			.webhooks()
			.filter((webhook) => webhook.status === 'active')
			.map((webhook) => webhook.topic);
	await session.activate(intake);
	let active = true;
	try {
		await waitFor('the intake webhooks at the store', async () =>
			['order.created', 'order.updated'].every((topic) => intakeWebhooks().includes(topic))
				? true
				: undefined,
		);
		const sentBefore = await submissions();
		let seen = await session.executionCount(intake);

		// 1. Placed an hour ago, not paid: the intake skips each and says why.
		for (const order of [bankTransfer, pending]) {
			wooCommerce.createOrder({ ...order, ...placed(1) });
		}
		await wooCommerce.deliveries.settled();
		const skippedRuns = await intakeExecutions(seen, 2);
		seen += 2;
		const skipped = await Promise.all(
			skippedRuns.map(async (execution) => {
				expect(execution.status).toBe('success');
				const items = await intakeRun(execution.id);
				expect(items('Submit Print Order')).toEqual([]);
				return items('Skip: Not Paid')[0];
			}),
		);
		expect(
			skipped.sort((a, b) => String(a.storeOrder).localeCompare(String(b.storeOrder))),
		).toEqual([
			{
				skipped: true,
				storeOrder: 'WooCommerce order #7801 (ID 7801)',
				status: 'on-hold',
				reason: reasons[bankTransfer.id],
			},
			{
				skipped: true,
				storeOrder: 'WooCommerce order #7802 (ID 7802)',
				status: 'pending',
				reason: reasons[pending.id],
			},
		]);

		// 2. The catch-up reads them (changed in the last day) and names them, printing neither.
		const waiting = await catchUp();
		for (const order of [bankTransfer, pending]) {
			expect(waiting.of(order.id)).toEqual([
				{
					storeOrder: `WooCommerce order #${order.number} (ID ${order.id})`,
					outcome: 'not paid',
					printOrderId: '',
					reason: reasons[order.id],
					partlyPrinted: false,
				},
			]);
			expect(waiting.summary.awaitingPayment).toContain(reasons[order.id]);
			expect(await printOrders(order.id)).toEqual([]);
		}
		expect(await submissions()).toBe(sentBefore);

		// 3. A day on, as the store holds them: placed 25 hours ago, not changed since.
		for (const order of [bankTransfer, pending]) {
			wooCommerce.addOrder({ ...wooCommerce.order(order.id), ...placed(25) });
		}
		// The bank transfer arrives: WooCommerce marks the order Processing and sets date_paid, and
		// sends order.updated. The intake prints it, once.
		wooCommerce.updateOrder(bankTransfer.id, { status: 'processing' });
		const paid = wooCommerce.order(bankTransfer.id)!;
		const hoursToPay = DateTime.fromISO(String(paid.date_paid_gmt), { zone: 'utc' }).diff(
			DateTime.fromISO(String(paid.date_created_gmt), { zone: 'utc' }),
			'hours',
		).hours;
		expect(Math.round(hoursToPay)).toBe(25);
		await wooCommerce.deliveries.settled();
		const [printedRun] = await intakeExecutions(seen, 1);
		seen += 1;
		const printedByIntake = (await intakeRun(printedRun.id))('Submit Print Order');
		expect(printedByIntake).toEqual([
			expect.objectContaining({ uniqueId: 'woocommerce-7801', alreadyExisted: false }),
		]);
		const [transferPrint] = await printOrders(bankTransfer.id);
		expect(transferPrint).toMatchObject({ id: printedByIntake[0].id, financialStatus: 'PAID' });
		// Every later change sends order.updated again (here the customer's note): the same print order.
		wooCommerce.updateOrder(bankTransfer.id, { customer_note: 'Please leave it at the door' });
		await wooCommerce.deliveries.settled();
		const [repeatRun] = await intakeExecutions(seen, 1);
		seen += 1;
		expect((await intakeRun(repeatRun.id))('Submit Print Order')).toEqual([
			expect.objectContaining({ id: transferPrint.id, alreadyExisted: true }),
		]);

		// 4. The intake is down when the pending order is paid: WooCommerce's order.updated reaches
		// nobody, and only the catch-up can print it.
		await session.deactivate(intake);
		active = false;
		await waitFor('the intake webhooks to go', async () =>
			intakeWebhooks().length === 0 ? true : undefined,
		);
		wooCommerce.updateOrder(pending.id, { status: 'processing' });
		await wooCommerce.deliveries.settled();
		expect(await printOrders(pending.id)).toEqual([]);

		const next = await catchUp();
		// By when it changed: placed 25 hours ago, outside a window by creation.
		expect(next.listed[0].query).toMatchObject({ status: 'processing,on-hold,pending' });
		expect(next.listed[0].query.after).toBeUndefined();
		expect(
			String(wooCommerce.order(pending.id)!.date_created) < next.listed[0].query.modified_after,
		).toBe(true);
		expect(next.of(bankTransfer.id)).toEqual([
			expect.objectContaining({
				outcome: 'already printed',
				printOrderId: String(transferPrint.id),
			}),
		]);
		const [pendingPrint] = await printOrders(pending.id);
		expect(next.of(pending.id)).toEqual([
			expect.objectContaining({ outcome: 'printed now', printOrderId: String(pendingPrint.id) }),
		]);
		expect(next.summary.awaitingPayment).not.toContain(reasons[pending.id]);

		// Once each, and nothing else sent.
		for (const order of [bankTransfer, pending])
			expect(await printOrders(order.id)).toHaveLength(1);
		expect(await submissions()).toBe(sentBefore + 2);
		process.stdout.write(
			`paid later, WooCommerce: on hold and pending skipped by the intake and named by the catch-up; 7801 printed by the intake's order.updated (${Math.round(hoursToPay)} h after it was placed), again answered alreadyExisted; 7802 printed by the next catch-up; ${(await submissions()) - sentBefore} submissions\n`,
		);
	} finally {
		if (active) await session.deactivate(intake);
	}
});

/** The first item each node of an execution gave, by the execution's ID (n8n's stored data). */
async function firstItemsOf(executionId: string): Promise<Record<string, Record<string, unknown>>> {
	const data = unflatten(await session.executionData(executionId)) as {
		resultData: { runData: Record<string, NodeRun[]> };
	};
	return Object.fromEntries(
		Object.entries(data.resultData.runData).map(([node, runs]) => {
			const items = itemsOf(runs[0]);
			expect({ node, items: items.length }).toEqual({ node, items: 1 });
			return [node, items[0]];
		}),
	);
}

/** Statuses of a print order whose cancellation was requested or made. */
const CANCELLING = ['CANCELLATION_WAITING', 'CANCELLED'];

/** The service waits this long before it processes a new order (a sandbox fault). */
const SLOW_NEW_ORDER = {
	method: 'POST',
	path: '/orders/usingCreatorSE$',
	kind: 'latency',
	latencyMs: 1500,
};

/** What a catch-up example's outcome says of one store order. */
interface CatchUpOutcome {
	storeOrder: string;
	outcome: string;
	printOrderId: string;
	reason: string;
}

/**
 * Deliver the intake's order three times at once to its activated Webhook, with the catch-up
 * example (`catchUp`, its copy on the intake's service) run over the same order at that moment
 * when given, and check the Proof: one print order, every execution green, every answer that
 * order (exactly one of them as new), nothing cancelled.
 */
async function deliverThreeTimesAtOnce(
	intake: (typeof OVERLAP_INTAKES)[number],
	order: { id: number },
	catchUp?: string,
): Promise<void> {
	const service = intake.refusing ? sandboxRefusingRepeats : sandbox;
	const uniqueId = `${intake.store.toLowerCase()}-${order.id}`;
	const logged = async () =>
		await control<Array<{ method: string; path: string; status: number }>>(
			'GET',
			'/requests',
			undefined,
			service,
		);
	const stats = async () => await control<{ logins: number }>('GET', '/stats', undefined, service);
	const before = (await logged()).length;
	const loginsBefore = (await stats()).logins;
	const earlier = new Set((await session.executionsOf(intake.workflowId)).map((e) => e.id));
	await session.activate(intake.workflowId);
	await webhookServed(n8n.url, intake.webhookPath);
	// The service takes a while before it processes a new order (a slow answer, what makes a store
	// send again): every run is under way while the first submission waits for its answer.
	await control('POST', '/faults', SLOW_NEW_ORDER, service);
	const started = Date.now();
	const body = JSON.stringify(order);
	const [answers, catchUpRun] = await Promise.all([
		Promise.all(
			[1, 2, 3].map(async () => {
				const response = await request(`${n8n.url}/webhook/${intake.webhookPath}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body,
				});
				await response.body.dump();
				return response.statusCode;
			}),
		),
		catchUp ? session.runFromPinnedTrigger(catchUp, 'Run Now', 120_000) : undefined,
	]);
	expect(answers).toEqual([200, 200, 200]);
	const executions = (
		await session
			.finishedExecutionsOf(intake.workflowId, earlier.size + 3, 120_000)
			.finally(async () => await control('DELETE', '/faults', undefined, service))
	).filter((execution) => !earlier.has(execution.id));
	const seconds = (Date.now() - started) / 1000;
	await session.deactivate(intake.workflowId);
	// The runs overlapped: each started before any of them ended (the catch-up's too).
	const runs = [
		...executions,
		...(catchUp ? (await session.executionsOf(catchUp)).slice(0, 1) : []),
	].map(({ startedAt, stoppedAt }) => [
		Date.parse(String(startedAt)),
		Date.parse(String(stoppedAt)),
	]);
	expect(runs).toHaveLength(catchUp ? 4 : 3);
	expect(Math.max(...runs.map(([from]) => from))).toBeLessThan(
		Math.min(...runs.map(([, to]) => to)),
	);
	expect(executions.map((execution) => execution.status)).toEqual([
		'success',
		'success',
		'success',
	]);
	const answered = await Promise.all(
		executions.map(async (execution) => (await firstItemsOf(execution.id))['Submit Print Order']),
	);

	const orders = await control<Array<{ id: number; fulfilmentStatus?: string }>>(
		'GET',
		`/orders?uniqueId=${uniqueId}`,
		undefined,
		service,
	);
	expect(orders).toHaveLength(1);
	const [printOrder] = orders;
	expect(CANCELLING).not.toContain(printOrder.fulfilmentStatus);
	expect(answered.map((answer) => [answer.uniqueId, answer.id])).toEqual(
		Array(3).fill([uniqueId, printOrder.id]),
	);
	expect(answered.filter((answer) => 'repeatsCancelled' in answer)).toEqual([]);
	const requests = (await logged()).slice(before);
	expect(requests.filter((entry) => entry.path.endsWith('/cancelOrder'))).toEqual([]);
	const sent = requests.filter(
		(entry) => entry.method === 'POST' && entry.path.endsWith('/orders/usingCreatorSE'),
	);
	let news = answered.filter((answer) => answer.alreadyExisted === false).length;
	let catchUpSaid = '';
	if (catchUpRun) {
		expect({ status: catchUpRun.status, error: catchUpRun.error }).toEqual({
			status: 'success',
			error: undefined,
		});
		const outcomes = itemsOf(
			catchUpRun.runData['Outcome of Each Order']?.[0],
		) as unknown as CatchUpOutcome[];
		const ofOrder = outcomes.filter((entry) => entry.storeOrder.endsWith(`(ID ${order.id})`));
		expect(ofOrder).toEqual([
			expect.objectContaining({ printOrderId: String(printOrder.id), reason: '' }),
		]);
		expect(['printed now', 'already printed']).toContain(ofOrder[0].outcome);
		if (ofOrder[0].outcome === 'printed now') news++;
		catchUpSaid = `, the catch-up: ${ofOrder[0].outcome}`;
	} else {
		// In one process the runs take turns: one submission, no refusal.
		expect(sent).toHaveLength(1);
		expect(requests.filter((entry) => entry.status >= 400)).toEqual([]);
	}
	// Exactly one run produced the order and says so; every other answers it as existing.
	expect(news).toBe(1);
	expect(answered.every((answer) => typeof answer.alreadyExisted === 'boolean')).toBe(true);
	const logins = (await stats()).logins - loginsBefore;
	process.stdout.write(
		`overlap, ${intake.store} on a service that ${intake.service}${catchUp ? ', with the catch-up' : ''}: 3 deliveries, 3 executions (${executions.map((e) => e.status).join(', ')}) in ${seconds.toFixed(1)} s, ${orders.length} print order, webhook answers alreadyExisted ${JSON.stringify(answered.map((a) => a.alreadyExisted))}${catchUpSaid}, ${requests.length} requests (${sent.length} submissions), ${logins} login(s)\n`,
	);
}

describe.each(OVERLAP_INTAKES)(
	'one storefront order delivered three times at once: the $store intake example on a Webhook, on a service that, given a repeated Unique ID, $service',
	(intake) => {
		test('is one print order, three green executions answer it (one as new), and nothing is cancelled', async () => {
			await deliverThreeTimesAtOnce(intake, intake.order);
		});

		test('with the catch-up example run over the same order at that moment, it is still one print order, every run green and answering it, one as new', async () => {
			const hoursAgo = DateTime.now().minus({ hours: 1 });
			const zone = process.env.GENERIC_TIMEZONE ?? 'America/New_York';
			// The same documented order under an ID of its own, placed an hour ago, open in the store.
			const order =
				intake.store === 'Shopify'
					? {
							...intake.order,
							id: intake.refusing ? 450789703 : 450789702,
							created_at: hoursAgo.setZone(zone).toISO({ suppressMilliseconds: true }),
							updated_at: hoursAgo.setZone(zone).toISO({ suppressMilliseconds: true }),
						}
					: {
							...intake.order,
							id: intake.refusing ? 7703 : 7702,
							number: intake.refusing ? '7703' : '7702',
							date_created: hoursAgo.setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm:ss"),
							date_created_gmt: hoursAgo.toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss"),
							date_modified: hoursAgo.setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm:ss"),
							date_modified_gmt: hoursAgo.toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss"),
						};
			(intake.store === 'Shopify' ? shopify : wooCommerce).addOrder(order);
			await deliverThreeTimesAtOnce(intake, order, intake.catchUp);
		});
	},
);

test('a wrong password at run time says the login was refused, with no network advice', async () => {
	let failure = '';
	try {
		await runWorkflow(REFUSED_LOGIN_WORKFLOW_ID);
	} catch (error) {
		failure = (error as Error).message;
	}
	expect(failure).toContain(
		'The service refused the login: check the login and password of the POD Platform credential',
	);
	expect(failure).not.toMatch(/Could not reach|network|Tried \d+ times/);
	expect(failure).not.toContain(WRONG_PASSWORD);
});

test(`one login per expired session: ${SESSION_EXPIRY_BATCH.orders} orders at concurrency ${SESSION_EXPIRY_BATCH.concurrency}, the session expiring every 20 requests`, async () => {
	// n8n logs in again (the credential's preAuthentication) for each request that answers 401; the
	// requests in flight when a session expires must share one login. A session that is never
	// given up serves exactly EXPIRE_AFTER requests, so the batch needs ceil(served / EXPIRE_AFTER)
	// logins: the first (the service knows no session of the credential) and one per expiry.
	// Well above the requests in flight, as any real session's lifetime is: the renewed session
	// must still serve the re-sends of every request that waited for it (with only a few uses to
	// spare, n8n's database writes can let new requests use it up first).
	// About one request per order (a new order is answered by the batch's look-up): every 20
	// requests makes three expiries or more.
	const EXPIRE_AFTER = 20;
	// The sandbox of these cases at its seed: every session is counted from zero.
	await control('POST', '/reset', undefined, sessionSandbox);
	await control('PUT', '/session-policy', { expireAfterRequests: EXPIRE_AFTER }, sessionSandbox);
	let nodes: Record<string, NodeRun>;
	try {
		nodes = await runWorkflow(SESSION_EXPIRY_WORKFLOW_ID);
	} finally {
		await control('PUT', '/session-policy', { expireAfterRequests: null }, sessionSandbox);
	}
	expect(nodes.Submit?.error).toBeUndefined();
	const submitted = itemsOf(nodes.Submit) as Array<{ uniqueId?: string; error?: unknown }>;
	expect(submitted.filter((item) => item.error !== undefined)).toEqual([]);
	expect(submitted).toHaveLength(SESSION_EXPIRY_BATCH.orders);

	const log = await control<Array<{ path: string; hasToken: boolean; status: number }>>(
		'GET',
		'/requests',
		undefined,
		sessionSandbox,
	);
	const served = log.filter((r) => r.hasToken && r.status !== 401).length;
	const answered401 = log.filter((r) => r.hasToken && r.status === 401).length;
	const expiries = Math.ceil(served / EXPIRE_AFTER) - 1;
	const { logins, ordersCreated } = await control<{ logins: number; ordersCreated: number }>(
		'GET',
		'/stats',
		undefined,
		sessionSandbox,
	);
	process.stdout.write(
		`session expiry case: ${served} requests served on a session, ${answered401} answered 401, ${expiries} expiries, ${logins} logins\n`,
	);
	expect(expiries).toBeGreaterThanOrEqual(3);
	// Several requests were in flight on each expired session: more 401s than expiries.
	expect(answered401).toBeGreaterThan(expiries);
	expect({ logins }).toEqual({ logins: expiries + 1 });
	expect(ordersCreated).toBe(SESSION_EXPIRY_BATCH.orders);
});

test(`one login per expired session across ${OVERLAPPING_SESSION_EXPIRY.workflowIds.length} executions at once in n8n's main process, each ${OVERLAPPING_SESSION_EXPIRY.orders} orders at concurrency ${OVERLAPPING_SESSION_EXPIRY.concurrency}, the session expiring every 40 requests`, async () => {
	// The sandbox of these cases back to its seed: no session, so the credential's stored one (if an
	// earlier case left one) is unknown to it, and every session opened is counted from zero.
	await control('POST', '/reset', undefined, sessionSandbox);
	// Twelve requests in flight (three executions at concurrency 4): a lifetime well above that.
	const EXPIRE_AFTER = 40;
	await control('PUT', '/session-policy', { expireAfterRequests: EXPIRE_AFTER }, sessionSandbox);
	let runs: Awaited<ReturnType<N8nSession['runFromPinnedTrigger']>>[];
	try {
		// Started together through the editor's REST call: three executions in one n8n process.
		runs = await Promise.all(
			OVERLAPPING_SESSION_EXPIRY.workflowIds.map(
				async (workflowId) => await session.runFromPinnedTrigger(workflowId, 'Start', 120_000),
			),
		);
	} finally {
		await control('PUT', '/session-policy', { expireAfterRequests: null }, sessionSandbox);
	}
	for (const run of runs) {
		expect({ status: run.status, error: run.error }).toEqual({
			status: 'success',
			error: undefined,
		});
		const submitted = itemsOf(run.runData.Submit?.[0]) as Array<{ error?: unknown }>;
		expect(submitted).toHaveLength(OVERLAPPING_SESSION_EXPIRY.orders);
		expect(submitted.filter((item) => item.error !== undefined)).toEqual([]);
	}

	const log = await control<Array<{ hasToken: boolean; status: number }>>(
		'GET',
		'/requests',
		undefined,
		sessionSandbox,
	);
	const served = log.filter((r) => r.hasToken && r.status !== 401).length;
	const answered401 = log.filter((r) => r.hasToken && r.status === 401).length;
	const expiries = Math.ceil(served / EXPIRE_AFTER) - 1;
	const { logins, ordersCreated } = await control<{ logins: number; ordersCreated: number }>(
		'GET',
		'/stats',
		undefined,
		sessionSandbox,
	);
	process.stdout.write(
		`overlapping executions case: ${served} requests served on a session, ${answered401} answered 401, ${expiries} expiries, ${logins} logins\n`,
	);
	expect(expiries).toBeGreaterThanOrEqual(2);
	expect(answered401).toBeGreaterThan(expiries);
	expect({ logins }).toEqual({ logins: expiries + 1 });
	expect(ordersCreated).toBe(
		OVERLAPPING_SESSION_EXPIRY.workflowIds.length * OVERLAPPING_SESSION_EXPIRY.orders,
	);
});

/** The user a sandbox session belongs to, as the service tells its own session; undefined when it has ended. */
async function userOfSession(token: string): Promise<number | undefined> {
	const response = await request(`${sandbox.controlUrl}/sessions/${encodeURIComponent(token)}`);
	const text = await response.body.text();
	if (response.statusCode !== 200) return undefined;
	const session = JSON.parse(text) as { userId: number; valid: boolean };
	return session.valid ? session.userId : undefined;
}

/** The user of a login, from a login of its own. */
async function userOfLogin(login: string, password: string): Promise<number> {
	const response = await request(`${sandbox.baseUrl}/auth`, {
		headers: {
			authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`,
			accept: 'application/json',
		},
	});
	const text = await response.body.text();
	expect(response.statusCode).toBe(200);
	return (JSON.parse(text) as { authSessionDetails: { userId: number } }).authSessionDetails.userId;
}

test("the Creator snippet carries a session of the credential's page login, never the credential's", async () => {
	const nodes = await runWorkflow(SNIPPET_WORKFLOW_ID);
	const [snippet] = itemsOf(nodes.Snippet) as Array<Record<string, string>>;
	const published = [snippet.html, snippet.preloaderUrl, snippet.pageFragment].join('\n');
	expect(snippet.orderSessionId).toMatch(UUID);
	expect(published).toContain(`orderSessionId=${snippet.orderSessionId}`);
	expect(new Set(published.match(UUID))).toEqual(new Set([snippet.orderSessionId]));
	const { sessionToken, creatorPagePassword } = await storedCredential('podPlatformSandbox');
	expect(typeof sessionToken).toBe('string');
	expect((sessionToken as string).length).toBeGreaterThan(0);
	expect(JSON.stringify(nodes)).not.toContain(sessionToken as string);
	expect(JSON.stringify(nodes)).not.toContain(creatorPagePassword as string);
	expect(snippet.orderSessionId).not.toBe(sessionToken);
	// The page's session is the page login's; the credential's session is its own login's, still valid.
	const { creatorPage } = DEMO.users;
	expect(await userOfSession(snippet.orderSessionId)).toBe(
		await userOfLogin(creatorPage.login, creatorPage.password),
	);
	expect(await userOfSession(sessionToken as string)).toBe(
		await userOfLogin(DEMO.login, DEMO.password),
	);
});

test('a credential saved without a Creator page login gets no snippet, and nothing is sent', async () => {
	const snippetRequests = async () =>
		(await control<Array<{ path: string }>>('GET', '/requests')).filter((logged) =>
			logged.path.endsWith('/creator/snippet'),
		).length;
	const before = await snippetRequests();
	let failure = '';
	try {
		await runWorkflow(SNIPPET_WITHOUT_PAGE_LOGIN_WORKFLOW_ID);
	} catch (error) {
		failure = (error as Error).message;
	}
	expect(failure).toContain(
		"Get Snippet needs the Creator Page Login and Creator Page Password of the POD Platform credential: without them every visitor of the page would hold a session of the credential's own login",
	);
	expect(await snippetRequests()).toBe(before);
});

test('a built date filter with $now finds exactly the orders created from then on', async () => {
	// The service's clock moves an hour ahead: an order made now is created an hour after n8n's now.
	await control('POST', '/clock/advance', { minutes: 60 });
	const service = new ServiceClient(sandbox.baseUrl);
	await service.login();
	await submitOrder(service, { uniqueId: LATER_ORDER });
	const all = await control<Array<{ uniqueId: string }>>('GET', '/orders');
	expect(all.length).toBeGreaterThan(1);
	const nodes = await runWorkflow(DATE_FILTER_WORKFLOW_ID);
	expect(nodes['Later Orders']?.error).toBeUndefined();
	expect(itemsOf(nodes['Later Orders']).map((order) => order.uniqueId)).toEqual([LATER_ORDER]);
});

test('a Submit saved by version 1 (Input Mode: JSON) runs as before, beside version 2 (Input: Order JSON)', async () => {
	const nodes = await runWorkflow(VERSIONS_WORKFLOW_ID);
	for (const [version, uniqueId] of Object.entries(VERSION_ORDERS)) {
		const node = `Saved by Version ${version}`;
		expect({ node, error: nodes[node]?.error }).toEqual({ node, error: undefined });
		expect(itemsOf(nodes[node])).toEqual([
			expect.objectContaining({ uniqueId, alreadyExisted: false }),
		]);
		expect(await control<unknown[]>('GET', `/orders?uniqueId=${uniqueId}`)).toHaveLength(1);
	}
});

describe('the trigger', () => {
	const workflowId = 'podExOrderEvents';

	test('activation registers one subscription per topic pointing at n8n', async () => {
		await session.activate(workflowId);
		const mine = await waitFor('the subscriptions', async () => {
			const found = (await subscriptions(sandbox)).filter((s) => s.address.startsWith(n8n.url));
			return found.length >= 3 ? found : undefined;
		});
		expect(mine.map((s) => s.topic).sort()).toEqual([
			'orders/cancelled',
			'orders/fulfilled',
			'orders/updated',
		]);
	});

	test('with subscriptions in place, every read gives the same output for JSON and XML', async () => {
		const nodes = await runWorkflow(PARITY_WORKFLOW_ID);
		for (const { name } of PARITY_OPERATIONS) {
			const json = itemsOf(nodes[`${name} JSON`]);
			expect({ name, error: nodes[`${name} JSON`]?.error }).toEqual({ name, error: undefined });
			expect(json.length).toBeGreaterThan(0);
			expect({ name, items: itemsOf(nodes[`${name} XML`]) }).toEqual({ name, items: json });
		}
	});

	test('signed deliveries start executions, a fulfilled order carries its tracking number', async () => {
		const service = new ServiceClient(sandbox.baseUrl);
		await service.login();
		const order = { id: await submitOrder(service, { uniqueId: 'e2e-shipped-1' }) };
		await waitFor('production to start', async () => {
			const current = await control<{ fulfilmentStatus?: string }>('GET', `/orders/${order.id}`);
			return current.fulfilmentStatus === 'PREPARED_TO_PRODUCE' ? true : undefined;
		});
		await control('POST', `/orders/${order.id}/advance`, { to: 'NOT_EDITABLE' });
		await control('POST', `/orders/${order.id}/ship`, { trackingNumber: 'TRACK-E2E-1' });
		const seen = await waitFor('a fulfilled event execution', async () => {
			const list = await session.executionsOf(workflowId);
			for (const execution of list) {
				const data = await session.executionData(execution.id);
				if (data.includes('TRACK-E2E-1')) return { list, id: execution.id };
			}
			return undefined;
		});
		// The execution's data can be read while n8n still lists it as running (then it holds the
		// delivery as received, before the trigger's step): wait until it ends, and read it then.
		const executions = await session.finishedExecutionsOf(workflowId, seen.list.length);
		expect(executions.every((execution) => execution.status === 'success')).toBe(true);
		const data = await session.executionData(seen.id);
		// Its items named from the product in the trigger's own step (the notification names none).
		expect(data).toContain('"productName"');
		expect(data).toContain('Classic T-Shirt');
	});

	test('a forged delivery is refused and starts nothing', async () => {
		const before = new Set(
			(await session.executionsOf(workflowId)).map((execution) => execution.id),
		);
		const [target] = (await subscriptions(sandbox)).filter((s) => s.address.startsWith(n8n.url));
		const forged = await request(target.address, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'x-platform-topic': target.topic,
				'x-platform-hmac-sha256': Buffer.from('not a signature').toString('base64'),
			},
			body: JSON.stringify({ productionOrderExpanded: { id: 1, uniqueId: 'forged' } }),
		});
		await forged.body.dump();
		expect(forged.statusCode).toBe(401);
		await new Promise((resolve) => setTimeout(resolve, 1500));
		// The service's own late notifications of earlier orders may still arrive: none may be the
		// forged one.
		const started = (await session.executionsOf(workflowId)).filter(
			(execution) => !before.has(execution.id),
		);
		for (const execution of started) {
			expect(await session.executionData(execution.id)).not.toContain('forged');
		}
	});

	test("distinct deliveries always run, byte-identical ones seconds apart too; the service's retries an hour later start nothing, in JSON and XML, after a burst and after n8n restarts", async () => {
		await session.activate(XML_TRIGGER_WORKFLOW_ID);
		await waitFor('the XML subscription', async () => {
			const found = (await subscriptions(sandbox)).filter((s) => s.address.includes('7d0c4a52'));
			return found.length === 1 ? found : undefined;
		});
		const workflows = [workflowId, XML_TRIGGER_WORKFLOW_ID];
		const counts = async () =>
			await Promise.all(workflows.map(async (id) => await session.executionCount(id)));
		const before = await Promise.all(
			workflows.map(async (id) => await session.finishedExecutionCount(id, 0)),
		);

		// An order these subscriptions have had no event of yet: a body they have never received.
		const [order] = await control<Array<{ id: number }>>('GET', `/orders?uniqueId=${LATER_ORDER}`);
		const { deliveryIds } = await control<{ deliveryIds: string[] }>('POST', '/events', {
			topic: 'orders/updated',
			orderId: order.id,
		});
		expect(deliveryIds.length).toBe(2);
		const resendAll = async () => {
			for (const deliveryId of deliveryIds) {
				const attempt = await control<{ status: number }>(
					'POST',
					`/deliveries/${deliveryId}/redeliver`,
				);
				expect(attempt.status).toBe(200);
			}
		};
		await Promise.all(
			workflows.map(async (id, i) => await session.finishedExecutionCount(id, before[i] + 1)),
		);
		// The same bytes again seconds later: the service retries only after an hour, so this is a
		// second notification, and the merchant gets both.
		await resendAll();
		await Promise.all(
			workflows.map(async (id, i) => await session.finishedExecutionCount(id, before[i] + 2)),
		);

		// A burst of distinct deliveries at once, signed with the secret the service holds.
		const [target] = (await subscriptions(sandbox)).filter(
			(s) =>
				s.address.startsWith(n8n.url) &&
				s.topic === 'orders/updated' &&
				!s.address.includes('7d0c4a52'),
		);
		const burst = Array.from({ length: BURST }, (_, i) =>
			Buffer.from(
				JSON.stringify({
					productionOrderExpanded: {
						id: 900_000 + i,
						uniqueId: `burst-${i}`,
						financialStatus: 'PAID',
						fulfilmentStatus: 'WAITING_FOR_RESOURCES',
					},
				}),
			),
		);
		const sendBurst = async () => {
			const statuses: number[] = [];
			let next = 0;
			await Promise.all(
				Array.from({ length: BURST_SENDERS }, async () => {
					while (next < burst.length) {
						const body = burst[next++];
						const response = await request(target.address, {
							method: 'POST',
							headers: {
								'content-type': 'application/json',
								'x-platform-topic': target.topic,
								'x-platform-hmac-sha256': signBody(target.secret, body),
							},
							body,
						});
						await response.body.dump();
						statuses.push(response.statusCode);
					}
				}),
			);
			return statuses;
		};
		expect(new Set(await sendBurst())).toEqual(new Set([200]));
		const afterBurst = await session.finishedExecutionCount(
			workflowId,
			before[0] + 2 + BURST,
			5 * 60_000,
		);
		expect(afterBurst).toBe(before[0] + 2 + BURST);
		expect(await session.executionCount(workflowId, ['error', 'crashed'])).toBe(0);
		const expected = await counts();

		// An hour later on n8n's clock, the service's retries of all of them start nothing.
		await clock.shift(61);
		await resendAll();
		expect(new Set(await sendBurst())).toEqual(new Set([200]));
		await new Promise((resolve) => setTimeout(resolve, 3000));
		expect(await counts()).toEqual(expected);

		// Nor after n8n restarts: what the trigger emitted was saved with the workflow.
		await restartN8n();
		// An unsigned delivery gets the trigger's 401 once n8n has registered the webhook again.
		await waitFor('the webhooks after the restart', async () => {
			const probe = await request(target.address, { method: 'POST', body: '' });
			await probe.body.dump();
			return probe.statusCode === 401 ? true : undefined;
		});
		await resendAll();
		expect(new Set(await sendBurst())).toEqual(new Set([200]));
		await new Promise((resolve) => setTimeout(resolve, 3000));
		expect(await counts()).toEqual(expected);
		await session.deactivate(XML_TRIGGER_WORKFLOW_ID);
	});

	test("a delivery n8n cannot start (its database refuses the execution) is answered with an error, and the service's retry an hour later on n8n's clock runs it, once", async () => {
		const [subscription] = (await subscriptions(sandbox)).filter(
			(s) =>
				s.address.startsWith(n8n.url) &&
				s.topic === 'orders/cancelled' &&
				!s.address.includes('7d0c4a52'),
		);
		// An order before payment, of which no subscription has had an event.
		const service = new ServiceClient(sandbox.baseUrl);
		await service.login();
		const orderId = await submitOrder(service, {
			uniqueId: 'e2e-refused-1',
			financialStatus: 'PENDING',
		});
		const runsOfIt = async () => {
			let runs = 0;
			for (const execution of await session.executionsOf(workflowId)) {
				if ((await session.executionData(execution.id)).includes('e2e-refused-1')) runs++;
			}
			return runs;
		};
		const before = await session.finishedExecutionCount(workflowId, 0);

		// Another process holds the write lock on n8n's database while the delivery arrives: the
		// trigger accepts it, and n8n cannot create its execution.
		const lock = await lockDatabase(path.join(options.userFolder, '.n8n', 'database.sqlite'));
		let deliveryId: string;
		try {
			({
				deliveryIds: [deliveryId],
			} = await control<{ deliveryIds: string[] }>('POST', '/events', {
				topic: 'orders/cancelled',
				orderId,
				subscriptionId: subscription.id,
			}));
		} finally {
			await lock.release();
		}
		const attempts = async () =>
			(await control<Array<{ deliveryId: string; status: number }>>('GET', '/deliveries')).filter(
				(attempt) => attempt.deliveryId === deliveryId,
			);
		const [refused] = await attempts();
		// n8n's own error answer ("There was a problem executing the workflow"), not a timeout.
		expect(refused.status).toBe(500);
		await new Promise((resolve) => setTimeout(resolve, 2000));
		expect(await session.executionCount(workflowId)).toBe(before);

		// An hour later on n8n's clock, the service retries it: it runs.
		await clock.shift(clock.minutes + 61);
		await control('POST', '/clock/advance', { minutes: 60 });
		expect((await attempts()).map((attempt) => attempt.status)).toEqual([refused.status, 200]);
		await session.finishedExecutionCount(workflowId, before + 1);
		expect(await runsOfIt()).toBe(1);

		// Once: the service retries no more, and a copy of that retry an hour later starts nothing.
		await clock.shift(clock.minutes + 61);
		await control('POST', '/clock/advance', { minutes: 60 });
		expect(await attempts()).toHaveLength(2);
		const copy = await control<{ status: number }>('POST', `/deliveries/${deliveryId}/redeliver`);
		expect(copy.status).toBe(200);
		await new Promise((resolve) => setTimeout(resolve, 3000));
		expect(await session.finishedExecutionCount(workflowId, before + 1)).toBe(before + 1);
		expect(await runsOfIt()).toBe(1);
	});

	test('an exported active workflow holds no webhook secret, and a forged delivery is still refused', async () => {
		const file = path.join(workFolder, 'exported-workflow.json');
		await n8nCli(runtime, options, ['export:workflow', `--id=${workflowId}`, `--output=${file}`]);
		const exported = readFileSync(file, 'utf8');
		rmSync(file);
		const [{ nodes }] = JSON.parse(exported) as Array<{ nodes: Array<{ webhookId?: string }> }>;
		const webhookId = nodes.find((node) => node.webhookId)?.webhookId ?? '';
		const mine = (await subscriptions(sandbox)).filter((s) => s.address.includes(webhookId));
		expect(mine.map((s) => s.topic).sort()).toEqual([
			'orders/cancelled',
			'orders/fulfilled',
			'orders/updated',
		]);
		// The subscriptions are in the export (their IDs and nonces), their secrets are not.
		for (const subscription of mine) {
			expect(exported).toContain(`"id":${subscription.id}`);
			expect(exported).not.toContain(subscription.secret);
		}
		const [target] = mine;
		const nonce = new RegExp(
			`"${target.topic}":\\{"id":${target.id},"nonce":"([0-9a-f]{32})"`,
		).exec(exported)?.[1];
		expect(nonce).toBeDefined();
		const body = Buffer.from(
			JSON.stringify({ productionOrderExpanded: { id: 1, uniqueId: 'forged' } }),
		);
		const forged = await request(target.address, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'x-platform-topic': target.topic,
				// Signed with what the export holds of the subscription: its nonce.
				'x-platform-hmac-sha256': signBody(nonce ?? '', body),
			},
			body,
		});
		await forged.body.dump();
		expect(forged.statusCode).toBe(401);
	});

	test('deactivation removes its subscriptions from the service', async () => {
		await session.deactivate(workflowId);
		const mine = await waitFor('the subscriptions to go', async () => {
			const found = (await subscriptions(sandbox)).filter((s) => s.address.startsWith(n8n.url));
			return found.length === 0 ? found : undefined;
		});
		expect(mine).toEqual([]);
	});
});

describe('the way back to the storefront', () => {
	/** Puts an order into production (NOT_EDITABLE) once the service has prepared it. */
	async function intoProduction(id: number, label: string): Promise<number> {
		await waitFor(`production of ${label} to start`, async () => {
			const current = await control<{ fulfilmentStatus?: string }>('GET', `/orders/${id}`);
			return current.fulfilmentStatus === 'PREPARED_TO_PRODUCE' ? true : undefined;
		});
		await control('POST', `/orders/${id}/advance`, { to: 'NOT_EDITABLE' });
		return id;
	}

	/**
	 * The print order of the demo shop under this Unique ID, walked into production (NOT_EDITABLE):
	 * the one an intake example submitted from the documented storefront order (shopify-450789469,
	 * woocommerce-727), or one submitted now when that case did not run.
	 */
	async function orderInProduction(uniqueId: string): Promise<number> {
		const [existing] = await control<Array<{ id: number }>>('GET', `/orders?uniqueId=${uniqueId}`);
		let id = existing?.id;
		if (id === undefined) {
			const service = new ServiceClient(sandbox.baseUrl);
			await service.login();
			id = await submitOrder(service, { uniqueId });
		}
		return await intoProduction(id, uniqueId);
	}

	/** The webhook ID of a workflow's trigger, as n8n holds the workflow. */
	async function webhookIdOf(workflowId: string): Promise<string> {
		const workflow = await rest<{ nodes: Array<{ webhookId?: string }> }>(
			session.instance,
			session.cookie,
			'GET',
			`/workflows/${workflowId}`,
		);
		return workflow.nodes.find((node) => node.webhookId)?.webhookId ?? '';
	}

	/** Activate a way-back workflow and wait for its two subscriptions (fulfilled, cancelled). */
	async function activateWayBack(workflowId: string): Promise<void> {
		const webhookId = await webhookIdOf(workflowId);
		await session.activate(workflowId);
		await waitFor(`the subscriptions of ${workflowId}`, async () => {
			const found = (await subscriptions(sandbox)).filter((s) => s.address.includes(webhookId));
			return found.length === 2 ? found : undefined;
		});
	}

	/** The IDs of a workflow's executions so far. */
	const executionIds = async (workflowId: string) =>
		new Set((await session.executionsOf(workflowId)).map((execution) => execution.id));

	/** The executions of a workflow not among `before`, once `count` of them have ended. */
	async function newExecutions(workflowId: string, before: Set<string>, count: number) {
		const all = await session.finishedExecutionsOf(workflowId, before.size + count);
		return all.filter((execution) => !before.has(execution.id));
	}

	/** Each node's first run in an execution. */
	async function nodesOf(executionId: string): Promise<Record<string, NodeRun>> {
		const data = unflatten(await session.executionData(executionId)) as {
			resultData: { runData: Record<string, NodeRun[]> };
		};
		return Object.fromEntries(
			Object.entries(data.resultData.runData).map(([node, runs]) => [node, runs[0]]),
		);
	}

	/**
	 * The same notification again, seconds later, byte for byte: the service's delivery of this
	 * topic about this Unique ID to this workflow's trigger, sent once more.
	 */
	async function notifyAgain(webhookId: string, topic: string, uniqueId: string): Promise<void> {
		const attempts = await control<
			Array<{ deliveryId: string; address: string; topic: string; body: string }>
		>('GET', '/deliveries');
		const delivery = attempts.find(
			(attempt) =>
				attempt.address.includes(webhookId) &&
				attempt.topic === topic &&
				attempt.body.includes(`"${uniqueId}"`),
		);
		expect({ topic, uniqueId, delivered: delivery !== undefined }).toEqual({
			topic,
			uniqueId,
			delivered: true,
		});
		const attempt = await control<{ status: number }>(
			'POST',
			`/deliveries/${delivery?.deliveryId}/redeliver`,
		);
		expect(attempt.status).toBe(200);
	}

	/** What a stand-in received, as the storefront would read it. */
	const sent = (requests: RecordedRequest[]) =>
		requests.map(({ method, path: route, query, body, status }) => ({
			method,
			path: route,
			query,
			body,
			status,
		}));
	const routes = (requests: RecordedRequest[]) =>
		requests.map(({ method, path: route }) => `${method} ${route}`);

	const SKIP_OTHER = "Skip: Not This Store's Order";
	const notOfStore = (uniqueId: string, storeKey: string) =>
		`Unique ID ${uniqueId} is not an order of store ${storeKey} (its orders have Unique ID ${storeKey}-<order ID>)`;

	test("a shipped print order of store shopify becomes a fulfillment of exactly its printed lines in the Shopify order's open fulfillment order (GraphQL fulfillmentCreate), with tracking number, link and carrier; a cancelled one gets a tag through tagsAdd, keeping the order's tags; the same notifications again send nothing more", async () => {
		const workflowId = 'podExWayBackShop';
		// The documented order as a store whose variants carry the print products' SKUs holds it,
		// with a fourth line the shop cannot print (no SKU, no product of its name), still owed, in
		// the same open fulfillment order (1046000780) as the red line: it must not be fulfilled.
		const documented = withProductSkus(shopifyOrder);
		const giftWrap = {
			...documented.line_items[1],
			id: 518995099,
			sku: '',
			title: 'Gift Wrap',
			name: 'Gift Wrap',
			variant_title: null,
			quantity: 1,
			current_quantity: 1,
		};
		const [open] = (
			shopifyFulfillmentOrders as { fulfillment_orders: Array<Record<string, unknown>> }
		).fulfillment_orders;
		const openLines = open.line_items as Array<Record<string, unknown>>;
		shopify.addOrder({ ...documented, line_items: [...documented.line_items, giftWrap] }, [
			{
				...open,
				line_items: [
					...openLines,
					{
						...openLines[0],
						id: 1072503299,
						line_item_id: giftWrap.id,
						quantity: 1,
						fulfillable_quantity: 1,
					},
				],
			},
			// One more, already closed (the green line, fulfilled before): left alone.
			{
				...open,
				id: 1046000779,
				status: 'closed',
				supported_actions: [],
				line_items: [
					{
						...openLines[0],
						id: 1072503276,
						fulfillment_order_id: 1046000779,
						line_item_id: 466157049,
						fulfillable_quantity: 0,
					},
				],
			},
		]);
		// A second order of the same documented shape, with tags of its own, for the cancellation.
		shopify.addOrder({
			...documented,
			id: 450789470,
			name: '#1002',
			order_number: 1002,
			tags: 'Gift, VIP',
		});
		const bodyOf = (request: RecordedRequest) => JSON.stringify(request.body);
		const ofShipped = (request: RecordedRequest) =>
			bodyOf(request).includes('gid://shopify/Order/450789469') ||
			bodyOf(request).includes('fulfillmentCreate');
		const ofCancelled = (request: RecordedRequest) =>
			bodyOf(request).includes('gid://shopify/Order/450789470');
		await activateWayBack(workflowId);
		const before = await executionIds(workflowId);
		const shipped = await orderInProduction('shopify-450789469');
		const cancelled = await orderInProduction('shopify-450789470');
		const start = shopify.requests.length;
		const trackingUrl = 'https://tracking.example.com/track/TRACK-SHOPIFY-1';
		await control('POST', `/orders/${shipped}/ship`, {
			trackingNumber: 'TRACK-SHOPIFY-1',
			trackingUrl,
		});
		await control('POST', `/orders/${cancelled}/advance`, { to: 'CANCELLED' });

		const executions = await newExecutions(workflowId, before, 2);
		expect(executions.map((execution) => execution.status)).toEqual(['success', 'success']);
		const made = shopify.requests.slice(start);
		expect(made).toHaveLength(4);
		expect(made.every((r) => r.auth.shopifyAccessToken === shopify.accessToken)).toBe(true);
		// Only the GraphQL Admin API, at the pinned version, each answer without errors.
		expect(routes(made)).toEqual(made.map(() => 'POST /admin/api/2026-07/graphql.json'));
		for (const request of made) expect(request.status).toBe(200);
		const variables = (request: RecordedRequest) =>
			(request.body as { variables: Record<string, unknown> }).variables;
		const [read, create] = made.filter(ofShipped);
		expect(variables(read)).toEqual({ id: 'gid://shopify/Order/450789469' });
		expect(variables(create)).toEqual({
			fulfillment: {
				notifyCustomer: true,
				trackingInfo: { number: 'TRACK-SHOPIFY-1', url: trackingUrl, company: 'DHL' },
				lineItemsByFulfillmentOrder: [
					{
						fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/1046000780',
						// The red line only: the one line the print order holds.
						fulfillmentOrderLineItems: [
							{ id: 'gid://shopify/FulfillmentOrderLineItem/1072503277', quantity: 1 },
						],
					},
				],
			},
		});
		const [tagsRead, tagsAdd] = made.filter(ofCancelled);
		expect(variables(tagsRead)).toEqual({ id: 'gid://shopify/Order/450789470' });
		expect(variables(tagsAdd)).toEqual({
			id: 'gid://shopify/Order/450789470',
			tags: ['Print cancelled'],
		});
		expect(shopify.order(450789470)?.tags).toBe('Gift, VIP, Print cancelled');
		// The fulfillment holds the red line; the gift wrap is still owed, its fulfillment order open.
		expect(shopify.fulfillments.at(-1)).toMatchObject({
			tracking_number: 'TRACK-SHOPIFY-1',
			line_items: [expect.objectContaining({ id: 518995019, quantity: 1 })],
		});
		expect(
			shopify
				.fulfillmentOrders(450789469)
				.map((fo) => [
					fo.id,
					fo.status,
					(fo.line_items as Array<{ fulfillable_quantity: number }>).map(
						(line) => line.fulfillable_quantity,
					),
				]),
		).toEqual([
			[1046000780, 'open', [0, 1]],
			[1046000779, 'closed', [0]],
		]);

		// Both notifications again, seconds later: each execution reads, finds it done and sends nothing.
		const webhookId = await webhookIdOf(workflowId);
		const fulfillments = shopify.fulfillments.length;
		const again = shopify.requests.length;
		const beforeAgain = await executionIds(workflowId);
		await notifyAgain(webhookId, 'orders/fulfilled', 'shopify-450789469');
		await notifyAgain(webhookId, 'orders/cancelled', 'shopify-450789470');
		const repeated = await newExecutions(workflowId, beforeAgain, 2);
		expect(repeated.map((execution) => execution.status)).toEqual(['success', 'success']);
		// One read each, no write.
		expect(shopify.requests.slice(again)).toHaveLength(2);
		expect(shopify.fulfillments).toHaveLength(fulfillments);
		expect(shopify.order(450789470)?.tags).toBe('Gift, VIP, Print cancelled');
		const reasons = (
			await Promise.all(repeated.map(async (execution) => await nodesOf(execution.id)))
		).flatMap((nodes) => [
			...itemsOf(nodes['Skip: Nothing Left to Fulfil']),
			...itemsOf(nodes['Skip: Already Tagged']),
		]);
		expect(reasons.map((item) => item.reason).sort()).toEqual([
			'Shopify order 450789469: no printed line is left to fulfil in an open fulfillment order (OPEN, CLOSED); not printed, so not fulfilled: Line 1 (SKU IPOD2008): nothing is owed: Shopify gives current_quantity 0 (refunded or removed); Line 3 (SKU IPOD2008): nothing is owed: Shopify gives current_quantity 0 (refunded or removed); Line 4 (Gift Wrap): it has no SKU, and no product of the shop is named "Gift Wrap"',
			'Shopify order 450789470 already has the tag Print cancelled: nothing sent again',
		]);
		await session.deactivate(workflowId);
	});

	test('a shipped print order of store woocommerce whose every line was printed completes its WooCommerce order, read first, and leaves the customer a note with the tracking link; one with a line not printed gets the note and stays open, its tracking number kept on the order; a cancelled one cancels it with a private note; the same notification again sends nothing more', async () => {
		const workflowId = 'podExWayBackWoo';
		// The documented order as a store set up for the contract holds it: its variation line
		// (Bar3) is printed, its line without a SKU ("Woo Single #1") is not.
		const documented = withProductSkus(wooCommerceOrder);
		wooCommerce.addOrder(documented);
		wooCommerce.addOrder({ ...documented, id: 728, number: '728' });
		// The same order without that line: every line printed.
		wooCommerce.addOrder({
			...documented,
			id: 729,
			number: '729',
			line_items: documented.line_items.filter((line) => line.sku),
		});
		await activateWayBack(workflowId);
		const before = await executionIds(workflowId);
		const partly = await orderInProduction('woocommerce-727');
		const cancelled = await orderInProduction('woocommerce-728');
		const whole = await orderInProduction('woocommerce-729');
		const start = wooCommerce.requests.length;
		const trackingUrl = (number: string) => `https://tracking.example.com/track/${number}`;
		for (const [id, number] of [
			[partly, 'TRACK-WOO-1'],
			[whole, 'TRACK-WOO-3'],
		] as const) {
			await control('POST', `/orders/${id}/ship`, {
				trackingNumber: number,
				trackingUrl: trackingUrl(number),
			});
		}
		await control('POST', `/orders/${cancelled}/advance`, { to: 'CANCELLED' });

		const executions = await newExecutions(workflowId, before, 3);
		expect(executions.map((execution) => execution.status)).toEqual([
			'success',
			'success',
			'success',
		]);
		const made = wooCommerce.requests.slice(start);
		expect(made).toHaveLength(9);
		const basic = `Basic ${Buffer.from(`${wooCommerce.consumerKey}:${wooCommerce.consumerSecret}`).toString('base64')}`;
		expect(made.every((r) => r.auth.authorization === basic)).toBe(true);
		const read = (id: number) => ({
			method: 'GET',
			path: `/wp-json/wc/v3/orders/${id}`,
			query: {},
			body: undefined,
			status: 200,
		});
		const of = (id: number) => made.filter((r) => r.path.includes(`/orders/${id}`));
		// Line 1 was not printed: the tracking goes in the customer note, the order is not completed
		// (WooCommerce would tell the customer the whole order has shipped); the tracking number is
		// kept in the order's meta data, so that a second notification sends nothing.
		expect(sent(of(727))).toEqual([
			read(727),
			{
				method: 'PUT',
				path: '/wp-json/wc/v3/orders/727',
				query: {},
				body: { meta_data: [{ key: 'pod_tracking_number', value: 'TRACK-WOO-1' }] },
				status: 200,
			},
			{
				method: 'POST',
				path: '/wp-json/wc/v3/orders/727/notes',
				query: {},
				body: {
					note: `A parcel of your order has shipped with DHL. Tracking number TRACK-WOO-1: ${trackingUrl('TRACK-WOO-1')}`,
					customer_note: true,
				},
				status: 201,
			},
		]);
		expect(sent(of(729))).toEqual([
			read(729),
			{
				method: 'PUT',
				path: '/wp-json/wc/v3/orders/729',
				query: {},
				body: { status: 'completed' },
				status: 200,
			},
			{
				method: 'POST',
				path: '/wp-json/wc/v3/orders/729/notes',
				query: {},
				body: {
					note: `Your order has shipped with DHL. Tracking number TRACK-WOO-3: ${trackingUrl('TRACK-WOO-3')}`,
					customer_note: true,
				},
				status: 201,
			},
		]);
		expect(sent(of(728))).toEqual([
			read(728),
			{
				method: 'PUT',
				path: '/wp-json/wc/v3/orders/728',
				query: {},
				body: { status: 'cancelled' },
				status: 200,
			},
			{
				method: 'POST',
				path: '/wp-json/wc/v3/orders/728/notes',
				query: {},
				body: {
					note: `The print service cancelled print order ${cancelled}, so this order was set to Cancelled.`,
					customer_note: false,
				},
				status: 201,
			},
		]);
		expect(wooCommerce.order(727)?.status).toBe('processing');
		expect(wooCommerce.order(727)?.meta_data).toContainEqual(
			expect.objectContaining({ key: 'pod_tracking_number', value: 'TRACK-WOO-1' }),
		);
		expect(wooCommerce.order(728)?.status).toBe('cancelled');
		expect(wooCommerce.order(729)?.status).toBe('completed');
		// The execution of the partly printed order names the line not printed, and why.
		const leftOpen = (
			await Promise.all(executions.map(async (execution) => await nodesOf(execution.id)))
		).flatMap((nodes) => itemsOf(nodes['Left Open: Not Every Line Printed']));
		expect(leftOpen.map((item) => item.reason)).toEqual([
			'WooCommerce order 727: tracking TRACK-WOO-1 sent in a customer note; the order stays processing, not completed, since not every line was printed: Line 1 (Woo Single #1): it has no SKU, and no product of the shop is named "Woo Single #1": complete it in WooCommerce once the rest has shipped',
		]);

		// The partly printed order's notification again: only the read; no second note.
		const again = wooCommerce.requests.length;
		const beforeAgain = await executionIds(workflowId);
		await notifyAgain(await webhookIdOf(workflowId), 'orders/fulfilled', 'woocommerce-727');
		const [repeated] = await newExecutions(workflowId, beforeAgain, 1);
		expect(repeated.status).toBe('success');
		expect(routes(wooCommerce.requests.slice(again))).toEqual(['GET /wp-json/wc/v3/orders/727']);
		expect(
			itemsOf((await nodesOf(repeated.id))['Skip: Store Already Has It']).map(
				(item) => item.reason,
			),
		).toEqual([
			'WooCommerce order 727 already has tracking TRACK-WOO-1 in a customer note (it stays processing: not every line was printed): nothing sent again',
		]);
		expect(wooCommerce.notes(727)).toHaveLength(1);
		await session.deactivate(workflowId);
	});

	test("print orders of another store, of a CSV import (a bare number, no Unique ID) and with a demo order's Unique ID send nothing to either store: each execution is green and ends on the skip that says why", async () => {
		const workflows = [
			{ id: 'podExWayBackShop', storeKey: 'shopify' },
			{ id: 'podExWayBackWoo', storeKey: 'woocommerce' },
		];
		for (const { id } of workflows) await activateWayBack(id);
		const before = await Promise.all(workflows.map(async ({ id }) => await executionIds(id)));
		const service = new ServiceClient(sandbox.baseUrl);
		await service.login();
		// The sandbox's demo order DEMO-1002 (npm start) under its Unique ID, and another store's order
		// whose Unique ID starts like WooCommerce's and ends in digits.
		const submitted = [
			await submitOrder(service, { uniqueId: 'DEMO-1002' }),
			await submitOrder(service, { uniqueId: 'woocommerce-eu-1002' }),
		];
		// A CSV import of two orders: one with the bare number 1002 as its Unique ID, one without.
		const line = (group: string, uniqueId: string) => ({
			...orderValues(group, uniqueId),
			'design group id': '1',
			'design product id': '1001',
			'design product sku': 'TEE-CLASSIC',
			'design amount': '1',
			'composition group id': '1',
			'product area id': '4001',
			'element motive id': '5001',
		});
		const boundary = '----way-back-boundary';
		const upload = await service.call('POST', `${SHOP_PATH}/orderCsvImport`, {
			raw: Buffer.concat([
				Buffer.from(
					`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="orders.csv"\r\nContent-Type: text/csv\r\n\r\n`,
				),
				writeCsv([line('A', '1002'), line('B', '')]),
				Buffer.from(`\r\n--${boundary}--\r\n`),
			]),
			contentType: `multipart/form-data; boundary=${boundary}`,
		});
		expect(upload.status).toBe(200);
		const importId = upload.json.productionOrderCsvImport.id as number;
		await waitFor('the CSV import to be processed', async () => {
			const job = (await service.get(`${SHOP_PATH}/orderCsvImport/${importId}`)).json
				.productionOrderCsvImport;
			return job.processed ? job : undefined;
		});
		const imported = list(
			(await service.get(`${SHOP_PATH}/orderCsvImport/${importId}/lines?size=100`)).json.pagedData
				.productionOrderCsvImportLine,
		).map((entry) => entry.orderId as number);
		expect(imported).toHaveLength(2);
		// An import's orders come in Pending: paid, as the merchant would, they go into production.
		for (const id of imported) await control('POST', `/orders/${id}/pay`);
		const orders = [...submitted, ...imported];
		for (const id of orders) await intoProduction(id, `print order ${id}`);
		const start = [
			shopify.requests.length,
			wooCommerce.requests.length,
			wooCommerceEu.requests.length,
		];
		for (const id of orders) {
			await control('POST', `/orders/${id}/ship`, { trackingNumber: `TRACK-OTHER-${id}` });
		}

		for (const [index, { id, storeKey }] of workflows.entries()) {
			const executions = await newExecutions(id, before[index], orders.length);
			expect({ id, statuses: executions.map((execution) => execution.status) }).toEqual({
				id,
				statuses: orders.map(() => 'success'),
			});
			const runs = await Promise.all(
				executions.map(async (execution) => await nodesOf(execution.id)),
			);
			// Each ended on the skip, and no node after the store-key check ran.
			for (const nodes of runs) {
				expect(Object.keys(nodes).sort()).toEqual(
					[
						'Print Order Events',
						'Store',
						id === 'podExWayBackShop' ? 'Shopify Order' : 'WooCommerce Order',
						'Order of This Store?',
						SKIP_OTHER,
					].sort(),
				);
			}
			expect(
				runs
					.flatMap((nodes) => itemsOf(nodes[SKIP_OTHER]))
					.map(({ skipped, reason }) => ({ skipped, reason }))
					.sort((a, b) => String(a.reason).localeCompare(String(b.reason))),
			).toEqual(
				[
					notOfStore('DEMO-1002', storeKey),
					notOfStore('woocommerce-eu-1002', storeKey),
					notOfStore('1002', storeKey),
					`Print order ${imported[1]} has no Unique ID, so it is not an order of store ${storeKey}`,
				]
					.sort()
					.map((reason) => ({ skipped: true, reason })),
			);
		}
		expect([
			shopify.requests.length,
			wooCommerce.requests.length,
			wooCommerceEu.requests.length,
		]).toEqual(start);
		for (const { id } of workflows) await session.deactivate(id);
	});

	test('two WooCommerce stores with the same order number (store keys woocommerce and woocommerce-eu): each print order reaches its own store only; the same notification again sends nothing more', async () => {
		const workflows = ['podExWayBackWoo', SECOND_WOO_STORE.workflowId];
		const stores = [wooCommerce, wooCommerceEu];
		const uniqueIds = ['woocommerce-731', 'woocommerce-eu-731'];
		// Every line of it printed (the documented order without its line that has no SKU).
		const printedWhole = withProductSkus(wooCommerceOrder);
		for (const store of stores) {
			store.addOrder({
				...printedWhole,
				id: 731,
				number: '731',
				line_items: printedWhole.line_items.filter((line) => line.sku),
			});
		}
		for (const id of workflows) await activateWayBack(id);
		const before = await Promise.all(workflows.map(async (id) => await executionIds(id)));
		const printOrders = [];
		for (const uniqueId of uniqueIds) printOrders.push(await orderInProduction(uniqueId));
		const start = stores.map((store) => store.requests.length);
		const tracking = ['TRACK-WOO-731', 'TRACK-WOO-EU-731'];
		for (const [index, id] of printOrders.entries()) {
			await control('POST', `/orders/${id}/ship`, {
				trackingNumber: tracking[index],
				trackingUrl: `https://tracking.example.com/track/${tracking[index]}`,
			});
		}

		const storeKeys = ['woocommerce', SECOND_WOO_STORE.storeKey];
		for (const [index, workflowId] of workflows.entries()) {
			const executions = await newExecutions(workflowId, before[index], 2);
			expect(executions.map((execution) => execution.status)).toEqual(['success', 'success']);
			const skipped = (
				await Promise.all(executions.map(async (execution) => await nodesOf(execution.id)))
			).flatMap((nodes) => itemsOf(nodes[SKIP_OTHER]));
			expect(skipped.map((item) => item.reason)).toEqual([
				notOfStore(uniqueIds[1 - index], storeKeys[index]),
			]);
			const store = stores[index];
			const basic = `Basic ${Buffer.from(`${store.consumerKey}:${store.consumerSecret}`).toString('base64')}`;
			const made = store.requests.slice(start[index]);
			expect(made.every((r) => r.auth.authorization === basic)).toBe(true);
			expect(sent(made)).toEqual([
				{
					method: 'GET',
					path: '/wp-json/wc/v3/orders/731',
					query: {},
					body: undefined,
					status: 200,
				},
				{
					method: 'PUT',
					path: '/wp-json/wc/v3/orders/731',
					query: {},
					body: { status: 'completed' },
					status: 200,
				},
				{
					method: 'POST',
					path: '/wp-json/wc/v3/orders/731/notes',
					query: {},
					body: {
						note: `Your order has shipped with DHL. Tracking number ${tracking[index]}: https://tracking.example.com/track/${tracking[index]}`,
						customer_note: true,
					},
					status: 201,
				},
			]);
			expect(store.order(731)?.status).toBe('completed');
		}

		// Each store's notification again, seconds later: the order is read, found completed, and
		// neither a second status change nor a second customer note is sent.
		const again = stores.map((store) => store.requests.length);
		const beforeAgain = await Promise.all(workflows.map(async (id) => await executionIds(id)));
		for (const [index, workflowId] of workflows.entries()) {
			await notifyAgain(await webhookIdOf(workflowId), 'orders/fulfilled', uniqueIds[index]);
		}
		for (const [index, workflowId] of workflows.entries()) {
			const [execution, ...more] = await newExecutions(workflowId, beforeAgain[index], 1);
			expect(more).toEqual([]);
			expect(execution.status).toBe('success');
			const nodes = await nodesOf(execution.id);
			expect(itemsOf(nodes['Skip: Store Already Has It']).map((item) => item.reason)).toEqual([
				'WooCommerce order 731 is already completed: nothing sent again',
			]);
			expect(routes(stores[index].requests.slice(again[index]))).toEqual([
				'GET /wp-json/wc/v3/orders/731',
			]);
			expect(stores[index].notes(731)).toHaveLength(1);
		}
		for (const id of workflows) await session.deactivate(id);
	});

	test('the way-back catch-up examples deliver what the way back missed (the way-back workflows inactive, a Shopify order the store did not have yet): each tracking number once, with a summary; run again, nothing new is sent', async () => {
		// The way-back workflows are inactive here (each case above deactivates its own): n8n runs
		// nothing for the shipments below, whatever the service still sends to their addresses.
		const wayBack = ['podExWayBackShop', 'podExWayBackWoo'];
		for (const id of wayBack) {
			const workflow = await rest<{ active: boolean }>(
				session.instance,
				session.cookie,
				'GET',
				`/workflows/${id}`,
			);
			expect({ id, active: workflow.active }).toEqual({ id, active: false });
		}
		const wayBackRuns = async () =>
			(await Promise.all(wayBack.map(async (id) => [...(await executionIds(id))]))).flat();
		const wayBackBefore = await wayBackRuns();
		/** A Shopify order of the documented shape with one open fulfillment order of its own. */
		const addShopifyOrder = (id: number, extra: Record<string, unknown> = {}) => {
			const [open] = (
				shopifyFulfillmentOrders as { fulfillment_orders: Array<Record<string, unknown>> }
			).fulfillment_orders;
			const fulfillmentOrderId = id + 600000000;
			shopify.addOrder({ ...withProductSkus(shopifyOrder), id, ...extra }, [
				{
					...open,
					id: fulfillmentOrderId,
					order_id: id,
					line_items: (open.line_items as Array<Record<string, unknown>>).map((line) => ({
						...line,
						fulfillment_order_id: fulfillmentOrderId,
					})),
				},
			]);
		};
		const SHIPPED = 450789490;
		const CANCELLED = 450789491;
		const LATE = 450789492; // in Shopify only after the first run: its fulfillment fails first
		// A shipped order with no fulfillment order the app sees (another location's, a digital one).
		const NO_FULFILLMENT_ORDER = 450789493;
		const WOO_SHIPPED = 740;
		// Its line without a SKU ("Woo Single #1") was not printed: the note, and the order left open.
		const WOO_PARTLY = 741;
		addShopifyOrder(SHIPPED);
		addShopifyOrder(CANCELLED, { tags: 'Gift' });
		shopify.addOrder({ ...withProductSkus(shopifyOrder), id: NO_FULFILLMENT_ORDER }, []);
		const wooDocumented = withProductSkus(wooCommerceOrder);
		wooCommerce.addOrder({
			...wooDocumented,
			id: WOO_SHIPPED,
			number: String(WOO_SHIPPED),
			line_items: wooDocumented.line_items.filter((line) => line.sku),
		});
		wooCommerce.addOrder({ ...wooDocumented, id: WOO_PARTLY, number: String(WOO_PARTLY) });
		const tracking = (key: string) => ({
			trackingNumber: `TRACK-CATCHUP-${key}`,
			trackingUrl: `https://tracking.example.com/track/TRACK-CATCHUP-${key}`,
		});
		const printOrder: Record<string, number> = {};
		for (const [uniqueId, change] of [
			[`shopify-${SHIPPED}`, tracking('1')],
			[`shopify-${CANCELLED}`, undefined],
			[`shopify-${LATE}`, tracking('3')],
			[`shopify-${NO_FULFILLMENT_ORDER}`, tracking('4')],
			[`woocommerce-${WOO_SHIPPED}`, tracking('W1')],
			[`woocommerce-${WOO_PARTLY}`, tracking('W2')],
		] as const) {
			const id = await orderInProduction(uniqueId);
			printOrder[uniqueId] = id;
			if (change) await control('POST', `/orders/${id}/ship`, change);
			else await control('POST', `/orders/${id}/advance`, { to: 'CANCELLED' });
		}
		const mine = (path: string) =>
			[SHIPPED, CANCELLED, LATE, NO_FULFILLMENT_ORDER, WOO_SHIPPED, WOO_PARTLY].some((id) =>
				path.includes(`/orders/${id}`),
			);
		/** A GraphQL request about one of this test's Shopify orders (by its GID). */
		const aboutMine = (r: RecordedRequest) =>
			[SHIPPED, CANCELLED, LATE, NO_FULFILLMENT_ORDER].some((id) =>
				JSON.stringify(r.body ?? '').includes(`gid://shopify/Order/${id}"`),
			);
		expect(shopify.requests.filter(aboutMine)).toEqual([]);
		expect(wooCommerce.requests.filter((r) => mine(r.path))).toEqual([]);

		interface Outcome {
			outcome: string;
			printOrderId: number;
			uniqueId: string;
			detail: string;
			leftOpen?: boolean;
		}
		/** The print orders a run read from the service: those the store did not have yet. */
		const readIn = (run: { runData: Record<string, NodeRun[]> }) =>
			itemsOf(run.runData['Read Each Print Order']?.[0]).map((order) => String(order.uniqueId));
		const catchUp = async (workflowId: string) => {
			const run = await session.runFromPinnedTrigger(workflowId, 'Run Now');
			expect({ workflowId, status: run.status, error: run.error }).toEqual({
				workflowId,
				status: 'success',
				error: undefined,
			});
			const outcomes = itemsOf(run.runData['Every Print Order']?.[0]) as unknown as Outcome[];
			const summaries = itemsOf(run.runData.Summary?.[0]);
			expect(summaries).toHaveLength(1);
			const count = (outcome: string) => outcomes.filter((entry) => entry.outcome === outcome);
			const line = (entry: Outcome) =>
				`print order ${entry.printOrderId} (${entry.uniqueId}): ${entry.detail}`;
			// The one summary item counts every print order read, the test's and any other shipped.
			expect(summaries[0]).toEqual({
				deliveredNow: count('delivered now').length,
				alreadyInStore: count('already in the store').length,
				otherStore: count('other store').length,
				failed: count('failed').length,
				delivered: count('delivered now').map(line),
				failures: count('failed').map(line),
				// A shipped print order without a tracking number is never sent with an empty one.
				noTrackingNumber: count('no tracking number').length,
				// Shopify's too: an order with no fulfillment order left open.
				...(workflowId === 'podExShopWbCatch'
					? {
							noOpenFulfillmentOrder: count('no open fulfillment order').length,
							notDelivered: outcomes
								.filter((entry) =>
									['no open fulfillment order', 'no tracking number'].includes(entry.outcome),
								)
								.map(line),
						}
					: {
							notDelivered: count('no tracking number').map(line),
							// WooCommerce's: the tracking note sent, the order left open (a line not printed).
							notCompleted: outcomes.filter((entry) => entry.leftOpen === true).length,
						}),
			});
			const of = (uniqueId: string) =>
				outcomes
					.filter((entry) => entry.uniqueId === uniqueId)
					.map(({ outcome, printOrderId }) => ({ outcome, printOrderId }));
			return { outcomes, summary: summaries[0], of, run };
		};
		const fulfillmentsOf = (id: number) =>
			shopify.fulfillments
				.filter((fulfillment) => fulfillment.order_id === id)
				.map((fulfillment) => fulfillment.tracking_number);
		/** What was written about this test's orders (a fulfillment names its fulfillment order). */
		const ofMine = (r: RecordedRequest) =>
			aboutMine(r) ||
			[SHIPPED, CANCELLED, LATE].some((id) =>
				JSON.stringify(r.body ?? '').includes(`gid://shopify/FulfillmentOrder/${id + 600000000}"`),
			);
		/** The mutations sent about this test's orders, by their root field. */
		const writes = (requests: RecordedRequest[]) =>
			requests
				.filter((r) => ofMine(r))
				.map((r) => String((r.body as { query?: string }).query))
				.filter((query) => query.startsWith('mutation'))
				.map((query) => /\{\s*(\w+)\(/.exec(query)?.[1]);

		// The first run: delivered now, and the order Shopify does not have fails with the reason.
		let start = shopify.requests.length;
		const serviceLog = async () =>
			await control<Array<{ method: string; path: string }>>('GET', '/requests');
		const serviceStart = (await serviceLog()).length;
		const first = await catchUp('podExShopWbCatch');
		// What the run cost the print service (docs/catch-up.md): a list page per 100 print orders,
		// one read of each, and the products they name.
		const asked = (
			await control<Array<{ method: string; path: string; query: Record<string, string> }>>(
				'GET',
				'/requests',
			)
		).slice(serviceStart);
		const listed = itemsOf(first.run.runData['Shipped or Cancelled Print Orders']?.[0]);
		// The service's stored filter keeps this store's print orders only, newest first.
		expect(listed.every((order) => String(order.uniqueId).startsWith('shopify-'))).toBe(true);
		expect(listed.map((order) => String(order.created))).toEqual(
			listed.map((order) => String(order.created)).sort((a, b) => b.localeCompare(a)),
		);
		// Only those the store does not have yet are read (here, every one of this test's).
		const read = readIn(first.run).length;
		for (const id of [SHIPPED, CANCELLED, LATE, NO_FULFILLMENT_ORDER]) {
			expect(readIn(first.run)).toContain(`shopify-${id}`);
		}
		// The list's pages (filtered); the one unfiltered record before them tells the service's
		// timezone for the filter's date (nodes/PodPlatform/actions/filter/serviceZone.ts).
		const pages = asked.filter(
			(r) => r.method === 'GET' && r.path === `${SHOP_PATH}/orders` && r.query.filterId,
		);
		expect(pages).toHaveLength(Math.max(1, Math.ceil(listed.length / 100)));
		const reads = asked.filter(
			(r) => r.method === 'GET' && /\/orders\/(expanded\/)?\d+$/.test(r.path),
		);
		// On the sandbox's plain default Order › Get reads the basic record, then follows its
		// `expanded` link: two reads per print order (one where the service answers the expanded
		// order at once, sandbox option expandedOrderRead).
		expect(reads.filter((r) => !r.path.includes('/expanded/'))).toHaveLength(read);
		// The poll trigger (active in this suite, every minute) reads the expanded record of each
		// order that changed since its last poll, with no basic read before it: an expanded read is
		// the catch-up's when it follows a basic read of the same order.
		const basicReadsOpen = new Map<string, number>();
		let followed = 0;
		let pollListRead = false;
		const unexplained: string[] = [];
		for (const r of asked) {
			if (r.method !== 'GET') continue;
			// The poll's list read: the unfiltered list, whole pages (not the one-record zone read).
			if (r.path === `${SHOP_PATH}/orders` && !r.query.filterId && r.query.size !== '1') {
				pollListRead = true;
			}
			const id = /\/orders\/(expanded\/)?(\d+)$/.exec(r.path)?.[2];
			if (!id) continue;
			const open = basicReadsOpen.get(id) ?? 0;
			if (!r.path.includes('/expanded/')) basicReadsOpen.set(id, open + 1);
			else if (open > 0) {
				basicReadsOpen.set(id, open - 1);
				followed += 1;
			} else if (!pollListRead) unexplained.push(r.path);
		}
		expect(followed).toBe(read);
		expect(unexplained).toEqual([]);
		const kinds = new Map<string, number>();
		for (const r of asked) {
			const kind = `${r.method} ${r.path.replace(/\d+/g, '{id}')}${r.query.size === '1' ? ' (size 1)' : ''}`;
			kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
		}
		process.stdout.write(
			`way-back catch-up, Shopify first run, service requests: ${JSON.stringify([...kinds])}\n`,
		);
		process.stdout.write(
			`way-back catch-up, Shopify first run: ${listed.length} print orders listed, ${read} read, ${asked.length} requests to the service (${pages.length} list page, ${reads.length} order reads, ${asked.filter((r) => r.path.includes('/products/')).length} product reads, ${asked.filter((r) => r.path.includes('/filters')).length} filter), ${shopify.requests.length - start} to Shopify\n`,
		);
		expect(first.of(`shopify-${SHIPPED}`)).toEqual([
			{ outcome: 'delivered now', printOrderId: printOrder[`shopify-${SHIPPED}`] },
		]);
		// Its refunded lines were never printed: named, not fulfilled.
		expect(first.outcomes.find((entry) => entry.uniqueId === `shopify-${SHIPPED}`)?.detail).toMatch(
			/ as fulfillment gid:\/\/shopify\/Fulfillment\/\d+; not printed, so not fulfilled: Line 1 \(SKU IPOD2008\): nothing is owed: .*; Line 3 \(SKU IPOD2008\): nothing is owed: /,
		);
		expect(first.of(`shopify-${CANCELLED}`)).toEqual([
			{ outcome: 'delivered now', printOrderId: printOrder[`shopify-${CANCELLED}`] },
		]);
		// GraphQL answers an order it does not hold with null: named, nothing sent.
		expect(first.of(`shopify-${LATE}`)).toEqual([
			{ outcome: 'no open fulfillment order', printOrderId: printOrder[`shopify-${LATE}`] },
		]);
		const lateFailure = first.outcomes.find((entry) => entry.uniqueId === `shopify-${LATE}`);
		expect(lateFailure?.detail).toBe(
			`Shopify order ${LATE} is not in the store, or not for this app to see: tracking TRACK-CATCHUP-3 not sent`,
		);
		expect(lateFailure?.detail).not.toContain(shopify.accessToken);
		// Another store's print order is not even listed.
		expect(first.of(`woocommerce-${WOO_SHIPPED}`)).toEqual([]);
		expect(listed.map((order) => order.uniqueId)).not.toContain(`woocommerce-${WOO_SHIPPED}`);
		// No fulfillment order: said in the summary, nothing sent, and said again at every run.
		expect(first.of(`shopify-${NO_FULFILLMENT_ORDER}`)).toEqual([
			{
				outcome: 'no open fulfillment order',
				printOrderId: printOrder[`shopify-${NO_FULFILLMENT_ORDER}`],
			},
		]);
		expect(first.summary.notDelivered).toContainEqual(
			`print order ${printOrder[`shopify-${NO_FULFILLMENT_ORDER}`]} (shopify-${NO_FULFILLMENT_ORDER}): Shopify order ${NO_FULFILLMENT_ORDER} has no fulfillment order this app can see: tracking TRACK-CATCHUP-4 not sent (fulfil it in Shopify, or give the app the fulfillment-order access scopes of its location)`,
		);
		expect(JSON.stringify(first.run.runData)).not.toContain(shopify.accessToken);
		expect(fulfillmentsOf(SHIPPED)).toEqual(['TRACK-CATCHUP-1']);
		expect(shopify.order(CANCELLED)?.tags).toBe('Gift, Print cancelled');
		expect(writes(shopify.requests.slice(start)).sort()).toEqual(['fulfillmentCreate', 'tagsAdd']);
		process.stdout.write(
			`way-back catch-up, Shopify first run: ${JSON.stringify({ ...first.summary, delivered: undefined, failures: undefined })}\n`,
		);

		// Shopify has the late order now: the next run delivers it and nothing else again.
		addShopifyOrder(LATE);
		start = shopify.requests.length;
		const second = await catchUp('podExShopWbCatch');
		expect(second.of(`shopify-${LATE}`)).toEqual([
			{ outcome: 'delivered now', printOrderId: printOrder[`shopify-${LATE}`] },
		]);
		for (const id of [SHIPPED, CANCELLED]) {
			expect(second.of(`shopify-${id}`)).toEqual([
				{ outcome: 'already in the store', printOrderId: printOrder[`shopify-${id}`] },
			]);
			// Shopify's list of the window says it has them: not read again from the service.
			expect(readIn(second.run)).not.toContain(`shopify-${id}`);
		}
		expect(second.outcomes.find((entry) => entry.uniqueId === `shopify-${SHIPPED}`)?.detail).toBe(
			`Shopify order ${SHIPPED} is fulfilled: the print order is not read again`,
		);
		expect(second.outcomes.find((entry) => entry.uniqueId === `shopify-${CANCELLED}`)?.detail).toBe(
			`Shopify order ${CANCELLED} already has the tag Print cancelled: the print order is not read again`,
		);
		expect(readIn(second.run)).toContain(`shopify-${LATE}`);
		expect(fulfillmentsOf(LATE)).toEqual(['TRACK-CATCHUP-3']);
		expect(writes(shopify.requests.slice(start))).toEqual(['fulfillmentCreate']);

		// And once more: nothing new at all.
		start = shopify.requests.length;
		const serviceThird = (await serviceLog()).length;
		const third = await catchUp('podExShopWbCatch');
		// What a run that finds (almost) everything delivered costs (docs/catch-up.md).
		const thirdAsked = (await serviceLog()).slice(serviceThird);
		process.stdout.write(
			`way-back catch-up, Shopify third run: ${itemsOf(third.run.runData['Shipped or Cancelled Print Orders']?.[0]).length} print orders listed, ${readIn(third.run).length} read, ${thirdAsked.length} requests to the service (${thirdAsked.filter((r) => /\/orders\/(expanded\/)?\d+$/.test(r.path)).length} order reads), ${shopify.requests.length - start} to Shopify\n`,
		);
		for (const id of [SHIPPED, CANCELLED, LATE]) {
			expect(third.of(`shopify-${id}`)).toEqual([
				{ outcome: 'already in the store', printOrderId: printOrder[`shopify-${id}`] },
			]);
		}
		expect(third.of(`shopify-${NO_FULFILLMENT_ORDER}`)).toEqual([
			{
				outcome: 'no open fulfillment order',
				printOrderId: printOrder[`shopify-${NO_FULFILLMENT_ORDER}`],
			},
		]);
		expect(writes(shopify.requests.slice(start))).toEqual([]);
		expect([SHIPPED, LATE].map(fulfillmentsOf)).toEqual([['TRACK-CATCHUP-1'], ['TRACK-CATCHUP-3']]);
		expect(shopify.order(CANCELLED)?.tags).toBe('Gift, Print cancelled');

		// WooCommerce: read first, completed with the note once; the partly printed one gets the
		// note and stays open, named in the Summary.
		start = wooCommerce.requests.length;
		const woo = await catchUp('podExWooWbCatch');
		expect(woo.of(`woocommerce-${WOO_SHIPPED}`)).toEqual([
			{ outcome: 'delivered now', printOrderId: printOrder[`woocommerce-${WOO_SHIPPED}`] },
		]);
		expect(woo.of(`woocommerce-${WOO_PARTLY}`)).toEqual([
			{ outcome: 'delivered now', printOrderId: printOrder[`woocommerce-${WOO_PARTLY}`] },
		]);
		expect(woo.summary.notCompleted).toBeGreaterThanOrEqual(1);
		expect(woo.summary.delivered).toContain(
			`print order ${printOrder[`woocommerce-${WOO_PARTLY}`]} (woocommerce-${WOO_PARTLY}): WooCommerce order ${WOO_PARTLY}: tracking TRACK-CATCHUP-W2 sent in a customer note; the order stays processing, not completed, since not every line was printed: Line 1 (Woo Single #1): it has no SKU, and no product of the shop is named "Woo Single #1": complete it in WooCommerce once the rest has shipped`,
		);
		// Another store's print orders are not listed.
		expect(woo.of(`shopify-${SHIPPED}`)).toEqual([]);
		const { trackingNumber, trackingUrl } = tracking('W1');
		const written = (id: number) =>
			sent(
				wooCommerce.requests
					.slice(start)
					.filter((r) => r.path.includes(`/orders/${id}`) && r.method !== 'GET'),
			);
		expect(written(WOO_SHIPPED)).toEqual([
			{
				method: 'PUT',
				path: `/wp-json/wc/v3/orders/${WOO_SHIPPED}`,
				query: {},
				body: { status: 'completed' },
				status: 200,
			},
			{
				method: 'POST',
				path: `/wp-json/wc/v3/orders/${WOO_SHIPPED}/notes`,
				query: {},
				body: {
					note: `Your order has shipped with DHL. Tracking number ${trackingNumber}: ${trackingUrl}`,
					customer_note: true,
				},
				status: 201,
			},
		]);
		expect(written(WOO_PARTLY)).toEqual([
			{
				method: 'PUT',
				path: `/wp-json/wc/v3/orders/${WOO_PARTLY}`,
				query: {},
				body: { meta_data: [{ key: 'pod_tracking_number', value: 'TRACK-CATCHUP-W2' }] },
				status: 200,
			},
			{
				method: 'POST',
				path: `/wp-json/wc/v3/orders/${WOO_PARTLY}/notes`,
				query: {},
				body: {
					note: `A parcel of your order has shipped with DHL. Tracking number TRACK-CATCHUP-W2: ${tracking('W2').trackingUrl}`,
					customer_note: true,
				},
				status: 201,
			},
		]);
		expect(wooCommerce.order(WOO_PARTLY)?.status).toBe('processing');
		// Run again: the completed one is in the store's list of the window, not read at all; the
		// one left open is read, found noted, and nothing is sent.
		start = wooCommerce.requests.length;
		const wooAgain = await catchUp('podExWooWbCatch');
		expect(wooAgain.of(`woocommerce-${WOO_SHIPPED}`)).toEqual([
			{ outcome: 'already in the store', printOrderId: printOrder[`woocommerce-${WOO_SHIPPED}`] },
		]);
		expect(readIn(wooAgain.run)).not.toContain(`woocommerce-${WOO_SHIPPED}`);
		expect(wooAgain.of(`woocommerce-${WOO_PARTLY}`)).toEqual([
			{ outcome: 'already in the store', printOrderId: printOrder[`woocommerce-${WOO_PARTLY}`] },
		]);
		expect(routes(wooCommerce.requests.slice(start).filter((r) => mine(r.path)))).toEqual([
			`GET /wp-json/wc/v3/orders/${WOO_PARTLY}`,
		]);
		expect(wooCommerce.notes(WOO_SHIPPED)).toHaveLength(1);
		expect(wooCommerce.notes(WOO_PARTLY)).toHaveLength(1);
		// The way-back workflows ran no execution meanwhile: every delivery above was the catch-up's.
		expect(await wayBackRuns()).toEqual(wayBackBefore);
	});

	test.each([
		{
			workflowId: 'podExWayBackShop',
			// The GraphQL Admin API: the order's lines and fulfillment orders, read first.
			first: '/admin/api/2026-07/graphql.json',
		},
		{ workflowId: 'podExWayBackWoo', first: '/wp-json/wc/v3/orders/727' },
	])(
		'Execute workflow runs $workflowId on its pinned event, a shipped print order of its store, green',
		async ({ workflowId, first }) => {
			const store = workflowId === 'podExWayBackShop' ? shopify : wooCommerce;
			const start = store.requests.length;
			const result = await session.runFromPinnedTrigger(workflowId, 'Print Order Events');
			expect({ status: result.status, error: result.error }).toEqual({
				status: 'success',
				error: undefined,
			});
			const [matched, skipped] = result.runData['Order of This Store?'][0].data?.main ?? [];
			expect({ matched: matched?.length ?? 0, skipped: skipped?.length ?? 0 }).toEqual({
				matched: 1,
				skipped: 0,
			});
			const [request] = store.requests.slice(start);
			expect(`${request?.method} ${request?.path}`).toBe(
				`${first.endsWith('graphql.json') ? 'POST' : 'GET'} ${first}`,
			);
		},
	);
});

describe('AI agents over MCP: the example "POD tools for your AI agent"', () => {
	const workflowId = 'podExAgentTools';
	const mcpUrl = () => `${n8n.url}/mcp/pod-tools`;
	const example = exampleWorkflows().find((workflow) => workflow.id === workflowId) as {
		nodes: Array<{
			name: string;
			parameters: { resource?: string; operation?: string; toolDescription?: string };
		}>;
	};
	/**
	 * What the node writes for the model about each operation: its Tool Description default, one
	 * n8n expression over a table by `resource:operation`, which n8n must evaluate before a client
	 * sees it.
	 */
	const writtenForTheModel = (() => {
		const property = new PodPlatform().description.properties.find(
			(candidate) => candidate.name === 'toolDescription' && candidate.type === 'hidden',
		);
		const table = /^=\{\{ \((\{.*\})\)\[/s.exec(String(property?.default))?.[1];
		return JSON.parse(table ?? '{}') as Record<string, string>;
	})();
	/** Each tool's description as the model must read it: written by the node, or by the example. */
	const described = Object.fromEntries(
		example.nodes.map(({ name, parameters }) => [
			name,
			parameters.toolDescription ??
				writtenForTheModel[`${parameters.resource}:${parameters.operation}`],
		]),
	);
	/** A model's call of the ordering tool: product by SKU, color and size by name. */
	const order = {
		uniqueId: 'AGENT-1001',
		product: 'TEE-CLASSIC',
		color: 'black',
		size: 'm',
		amount: 2,
		customerFirstName: 'Ada',
		customerLastName: 'Lovelace',
		customerEmail: 'ada@example.com',
		street: 'Torstraße 12',
		zip: '10119',
		city: 'Berlin',
		countryCode: 'DE',
	};
	let agent: McpSession;
	let orderId: number;

	/** The order writes the sandbox received (deferred submissions, drafts), counted from now. */
	const orderPosts = async () =>
		(await control<Array<{ method: string; path: string }>>('GET', '/requests')).filter(
			(logged) => logged.method === 'POST' && logged.path.includes('/orders'),
		).length;

	/** A JSON-RPC initialize posted as an MCP client posts it, with the headers given. */
	const initialize = async (headers: Record<string, string>) => {
		const response = await request(mcpUrl(), {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				accept: 'application/json, text/event-stream',
				...headers,
			},
			body: JSON.stringify({
				jsonrpc: '2.0',
				id: 1,
				method: 'initialize',
				params: {
					protocolVersion: '2025-03-26',
					capabilities: {},
					clientInfo: { name: 'probe', version: '1' },
				},
			}),
		});
		return { status: response.statusCode, text: await response.body.text() };
	};

	afterAll(async () => {
		await agent?.close();
		await session.deactivate(workflowId).catch(() => undefined);
	});

	test('activated, its MCP Server Trigger refuses a client without the bearer token or with a wrong one, and runs nothing', async () => {
		await session.activate(workflowId);
		const withoutToken = await waitFor('the MCP endpoint', async () => {
			const answer = await initialize({});
			return answer.status === 404 ? undefined : answer;
		});
		expect(withoutToken).toEqual({ status: 403, text: 'Authorization data is wrong!' });
		expect(await initialize({ authorization: 'Bearer not-the-token' })).toEqual(withoutToken);
		await expect(McpSession.connect(mcpUrl())).rejects.toMatchObject({ code: 403 });
		await expect(McpSession.connect(mcpUrl(), 'not-the-token')).rejects.toMatchObject({
			code: 403,
		});
		expect(await session.executionCount(workflowId)).toBe(0);

		agent = await McpSession.connect(mcpUrl(), MCP_TOKEN);
		expect(agent.client.getServerVersion()?.name).toBe('POD_Platform_Tools');
		// The trigger's Instructions (the example's advice to the model) came with its version 2.1;
		// an n8n whose MCP Server Trigger stops at version 2 (2.35.x, 1.123.x) runs the example's
		// node as its newest version and has no such field, so its clients get no instructions.
		const types = (await (
			await request(`${n8n.url}/types/nodes.json`, { headers: { cookie } })
		).body.json()) as Array<{ name: string; version: number | number[] }>;
		const triggerVersions = types
			.filter((type) => type.name === '@n8n/n8n-nodes-langchain.mcpTrigger')
			.flatMap((type) => type.version);
		if (triggerVersions.includes(2.1)) {
			expect(agent.client.getInstructions()).toContain(
				'submit_pending_order only creates Pending orders',
			);
		} else {
			expect(agent.client.getInstructions()).toBeUndefined();
		}
	});

	test('the client lists four tools, the read tools with the text the node writes for the model (evaluated, not the expression), and only the arguments a model gives', async () => {
		const tools = await agent.listTools();
		// What the model sees, kept beside n8n's log for a reader of this run.
		const listing = path.join(
			mkdtempSync(path.join(tmpdir(), 'pod-platform-e2e-mcp-')),
			'tools.json',
		);
		writeFileSync(listing, JSON.stringify(tools, null, 2));
		process.stdout.write(`MCP tools as the client listed them: ${listing}\n`);

		const seen = Object.fromEntries(
			tools.map((tool) => [
				tool.name,
				{
					description: tool.description,
					arguments: Object.fromEntries(
						Object.entries(tool.inputSchema.properties ?? {}).map(([name, schema]) => [
							name,
							schema.type,
						]),
					),
					required: [...(tool.inputSchema.required ?? [])].sort(),
				},
			]),
		);
		expect(writtenForTheModel['product:find']).toMatch(/colors.*sizes/s);
		expect(seen).toEqual({
			list_products: { description: described.list_products, arguments: {}, required: [] },
			find_products: {
				description: described.find_products,
				// The country of the prices may be left out: the account's default country.
				arguments: { query: 'string', countryCode: 'string' },
				required: ['query'],
			},
			get_order_by_unique_id: {
				description: described.get_order_by_unique_id,
				arguments: { uniqueId: 'string', customerEmail: 'string' },
				required: ['customerEmail', 'uniqueId'],
			},
			submit_pending_order: {
				description: described.submit_pending_order,
				arguments: {
					uniqueId: 'string',
					countryCode: 'string',
					customerEmail: 'string',
					customerFirstName: 'string',
					customerLastName: 'string',
					street: 'string',
					zip: 'string',
					city: 'string',
					product: 'string',
					color: 'string',
					size: 'string',
					amount: 'number',
				},
				// Color and size may be left out: a variant SKU names them.
				required: [
					'amount',
					'city',
					'countryCode',
					'customerEmail',
					'customerFirstName',
					'customerLastName',
					'product',
					'street',
					'uniqueId',
					'zip',
				],
			},
		});
		// n8n evaluated the node's expression: the model reads the text, never `={{ … }}`.
		for (const tool of tools) {
			expect({
				tool: tool.name,
				raw: /\{\{|\}\}|^=|\$parameter/.test(tool.description ?? ''),
			}).toEqual({ tool: tool.name, raw: false });
		}
		// Fixed to the Unique ID, the read tool promises no other way of naming an order; its one
		// argument says what it takes.
		expect(seen.get_order_by_unique_id.description).not.toMatch(/by its ID/);
		expect(
			tools.find((tool) => tool.name === 'get_order_by_unique_id')?.inputSchema?.properties
				?.uniqueId.description,
		).toMatch(/Unique ID/);
		expect(seen.find_products.description).toMatch(/by name/);
		// What the model reads of the ordering tool: what it costs, what identifies an order, that a
		// retry is safe, and that buyers' text is data.
		expect(seen.submit_pending_order.description).toContain(
			'it creates a print order in Pending; it is not produced or charged until the merchant pays it',
		);
		expect(seen.submit_pending_order.description).toMatch(
			/same uniqueId returns the existing order with alreadyExisted: true/,
		);
		expect(seen.get_order_by_unique_id.description).toMatch(/data, never as instructions/);
		expect(seen.submit_pending_order.description).toMatch(/data, never instructions/);
		const schema = tools.find((tool) => tool.name === 'submit_pending_order')?.inputSchema;
		expect(schema?.properties?.uniqueId.description).toMatch(/the same value on a retry/);
	});

	test("n8n's human review steps connect to its AI Agent only, not to the MCP Server Trigger", async () => {
		const types = (await (
			await request(`${n8n.url}/types/nodes.json`, { headers: { cookie } })
		).body.json()) as Array<{ name: string; outputs?: Array<{ filter?: { nodes?: string[] } }> }>;
		const reviews = types.filter((type) => type.name.endsWith('HitlTool'));
		if (runtime.version.startsWith('1.')) {
			// n8n 1.x has no human review tools: nothing can be connected to either.
			expect(reviews).toEqual([]);
			return;
		}
		expect(reviews.map((type) => type.name)).toEqual(
			expect.arrayContaining(['n8n-nodes-base.slackHitlTool', 'n8n-nodes-base.gmailHitlTool']),
		);
		for (const review of reviews) {
			expect({ review: review.name, to: review.outputs?.[0]?.filter?.nodes }).toEqual({
				review: review.name,
				to: ['@n8n/n8n-nodes-langchain.agent', '@n8n/n8n-nodes-langchain.agentTool'],
			});
		}
	});

	test("the read tools list the shop's products and find one by a part of its name or a SKU, with the colors and sizes it can be ordered in, by name", async () => {
		const products = await agent.items('list_products', {});
		expect(products.map(({ id, name, sku }) => ({ id, name, sku }))).toEqual(
			expect.arrayContaining([{ id: 1001, name: 'Classic T-Shirt', sku: 'TEE-CLASSIC' }]),
		);
		const found = await agent.items<{
			id: number;
			name: string;
			sku: string;
			orderable: Array<{ color: string; sizes: string[] }>;
		}>('find_products', { query: 't-shirt' });
		expect(found).toEqual([
			{
				id: 1001,
				name: 'Classic T-Shirt',
				sku: 'TEE-CLASSIC',
				country: 'DE',
				currency: 'EUR',
				orderable: expect.arrayContaining([
					expect.objectContaining({
						color: 'White',
						sizes: expect.arrayContaining(['S', 'M', 'L', '3XL']),
					}),
					expect.objectContaining({
						color: 'Black',
						sizes: expect.arrayContaining(['S', 'M', 'L']),
					}),
				]),
			},
		]);
		// The T-shirt is not made in Black 3XL: only what can be ordered is offered.
		expect(found[0].orderable.find(({ color }) => color === 'Black')?.sizes).not.toContain('3XL');
		const bySku = await agent.items<{ name: string }>('find_products', {
			query: 'TEE-CLASSIC',
		});
		expect(bySku.map(({ name }) => name)).toEqual(['Classic T-Shirt']);
	});

	test('an order by SKU, color and size names with a Unique ID is exactly one order, Pending and not in production; the same call again returns it (alreadyExisted); an undeclared financialStatus argument changes nothing', async () => {
		const before = await orderPosts();
		const [placed] = await agent.items<Record<string, unknown>>('submit_pending_order', order);
		expect(placed).toMatchObject({
			uniqueId: 'AGENT-1001',
			financialStatus: 'PENDING',
			alreadyExisted: false,
			items: [
				expect.objectContaining({
					productName: 'Classic T-Shirt',
					colorName: 'Black',
					sizeName: 'M',
					amount: 2,
				}),
			],
		});
		orderId = placed.id as number;
		expect(await orderPosts()).toBe(before + 1);

		// The service has processed it (committed, handed off) and production has not started.
		const [stored] = await waitFor('the order to be processed', async () => {
			const found = await control<Array<Record<string, unknown>>>(
				'GET',
				'/orders?uniqueId=AGENT-1001',
			);
			return found.length === 1 && found[0].handedOff === true ? found : undefined;
		});
		await new Promise((resolve) => setTimeout(resolve, 500));
		expect(await control('GET', '/orders?uniqueId=AGENT-1001')).toEqual([
			expect.objectContaining({
				id: orderId,
				financialStatus: 'PENDING',
				fulfilmentStatus: null,
			}),
		]);
		expect(stored.id).toBe(orderId);

		// A model's retry (a timeout, a repeated plan step): the same order, not a second one.
		const [again] = await agent.items<Record<string, unknown>>('submit_pending_order', order);
		expect(again).toMatchObject({ id: orderId, uniqueId: 'AGENT-1001', alreadyExisted: true });
		expect(await control<unknown[]>('GET', '/orders?uniqueId=AGENT-1001')).toHaveLength(1);
		expect(await orderPosts()).toBe(before + 1);

		// An argument the tool does not declare is dropped: the payment status is never the model's.
		const [extra] = await agent.items<Record<string, unknown>>('submit_pending_order', {
			...order,
			uniqueId: 'AGENT-1006',
			financialStatus: 'PAID',
		});
		expect(extra).toMatchObject({ uniqueId: 'AGENT-1006', financialStatus: 'PENDING' });
		expect(await control('GET', '/orders?uniqueId=AGENT-1006')).toEqual([
			expect.objectContaining({ financialStatus: 'PENDING' }),
		]);
	});

	test("find_products gives each size's price and currency for the country, the contract's product price; the submit answer carries each item's unit price and the order's total", async () => {
		// The T-shirt's price list as the service serves it (the expanded product's productPrices).
		const answer = await ServiceClient.as(sandbox.baseUrl).call(
			'GET',
			'/accounts/387/shops/1597/products/expanded/1001',
		);
		expect(answer.status).toBe(200);
		type WirePrice = {
			price: number;
			currency: { code: string };
			country: { id: number };
			assignedSize: { id: number };
		};
		type WireProduct = { productPrices: { productPrice: WirePrice[] } };
		const json = answer.json as { product?: WireProduct } & Partial<WireProduct>;
		const record = (json.product ?? json) as WireProduct;
		const contractPrice = (countryId: number, sizeId: number) => {
			const entry = record.productPrices.productPrice.find(
				(p) => p.country.id === countryId && p.assignedSize.id === sizeId,
			);
			if (!entry) throw new Error(`no price for country ${countryId}, size ${sizeId}`);
			return { price: entry.price, currency: entry.currency.code };
		};
		type Found = {
			country: string;
			currency: string;
			orderable: Array<{ color: string; prices: Record<string, number> }>;
		};
		const priceOf = (found: Found, color: string, size: string) =>
			found.orderable.find((entry) => entry.color === color)?.prices[size];

		// No country: the account's default (Germany, ID 1); M is assigned size 3002.
		const [german] = await agent.items<Found>('find_products', { query: 'TEE-CLASSIC' });
		expect({ currency: german.currency, price: priceOf(german, 'Black', 'M') }).toEqual({
			currency: contractPrice(1, 3002).currency,
			price: contractPrice(1, 3002).price,
		});
		expect(german.country).toBe('DE');
		// Switzerland (ID 8), in its own currency; XXL is assigned size 3005.
		const [swiss] = await agent.items<Found>('find_products', {
			query: 'TEE-CLASSIC',
			countryCode: 'CH',
		});
		const xxl = contractPrice(8, 3005);
		expect({ country: swiss.country, currency: swiss.currency }).toEqual({
			country: 'CH',
			currency: xxl.currency,
		});
		expect(priceOf(swiss, 'White', 'XXL')).toBe(xxl.price);
		expect(xxl.currency).toBe('CHF');

		// An order there: the answer is the order as the service holds it, with the total.
		const [placed] = await agent.items<Record<string, unknown>>('submit_pending_order', {
			...order,
			uniqueId: 'AGENT-1010',
			color: 'White',
			size: 'XXL',
			amount: 3,
			street: 'Bahnhofstrasse 1',
			zip: '8001',
			city: 'Zürich',
			countryCode: 'CH',
		});
		const total = Math.round(xxl.price * 3 * 100) / 100;
		expect(placed).toMatchObject({
			uniqueId: 'AGENT-1010',
			alreadyExisted: false,
			created: expect.any(String),
			currency: xxl.currency,
			total,
			items: [
				expect.objectContaining({
					id: expect.any(Number),
					sizeName: 'XXL',
					amount: 3,
					unitPrice: xxl.price,
					price: total,
				}),
			],
		});
	});

	test("an order by the product's whole name, in any case, is one order of that product", async () => {
		const before = await orderPosts();
		const [placed] = await agent.items<Record<string, unknown>>('submit_pending_order', {
			...order,
			uniqueId: 'AGENT-1007',
			product: 'classic t-shirt',
			color: 'White',
			size: 'L',
		});
		expect(placed).toMatchObject({
			uniqueId: 'AGENT-1007',
			financialStatus: 'PENDING',
			alreadyExisted: false,
			items: [
				expect.objectContaining({
					productName: 'Classic T-Shirt',
					colorName: 'White',
					sizeName: 'L',
				}),
			],
		});
		expect(await orderPosts()).toBe(before + 1);
		expect(await control<unknown[]>('GET', '/orders?uniqueId=AGENT-1007')).toHaveLength(1);
	});

	test("the order is read by its Unique ID and the buyer's email, with its statuses and names; an unknown or empty Unique ID, or another customer's order, is an error that lists no customer data", async () => {
		const [read] = await agent.items<Record<string, unknown>>('get_order_by_unique_id', {
			uniqueId: 'AGENT-1001',
			customerEmail: 'ADA@example.com',
		});
		expect(read).toMatchObject({
			id: orderId,
			uniqueId: 'AGENT-1001',
			financialStatus: 'PENDING',
			financialStatusLabel: 'Pending',
			customer: expect.objectContaining({ lastName: 'Lovelace' }),
			items: [
				expect.objectContaining({
					productName: 'Classic T-Shirt',
					colorName: 'Black',
					sizeName: 'M',
					// The product's own SKU: on the contract a color/size pair has none of its own.
					sku: 'TEE-CLASSIC',
					amount: 2,
				}),
			],
		});
		// Not in production: the service gives no fulfilment status before the merchant pays.
		expect(read.fulfilmentStatus ?? null).toBeNull();

		const unknown = await agent.call('get_order_by_unique_id', {
			uniqueId: 'AGENT-NONE',
			customerEmail: 'ada@example.com',
		});
		expect(unknown.isError).toBe(true);
		expect(unknown.text).toContain('No order matches this Unique ID and email');
		// The Shopify intake's order, of another customer: its number is no key to it.
		const anothers = await agent.call('get_order_by_unique_id', {
			uniqueId: 'shopify-450789469',
			customerEmail: 'ada@example.com',
		});
		expect(anothers.isError).toBe(true);
		expect(anothers.text).toContain('No order matches this Unique ID and email');
		const empty = await agent.call('get_order_by_unique_id', {
			uniqueId: '',
			customerEmail: 'ada@example.com',
		});
		expect(empty.isError).toBe(true);
		expect(empty.text).toContain('the Unique ID is empty');
		for (const answer of [unknown, anothers, empty]) {
			expect(answer.text).not.toContain('Item 1:');
			// Not another customer's order, nor any list of them.
			expect(answer.text).not.toMatch(/AGENT-10|Lovelace|Norman|Louisville|"id":/);
		}
	});

	test("a call reusing a Unique ID with another size is another order, refused naming the stored one, and changes nothing; with another customer's email it learns only that the Unique ID is taken; a country the account lacks is refused as countryCode before any order request", async () => {
		const before = await orderPosts();
		const retried = await agent.call('submit_pending_order', { ...order, size: 'l' });
		expect(retried.isError).toBe(true);
		expect(retried.text).toMatch(
			/The Unique ID AGENT-1001 already names print order \d+, which is another order than this one \(its items are Classic T-Shirt Black M × 2, this request's Classic T-Shirt Black L × 2\)/,
		);
		const [stored] = await control<ControlOrder[]>('GET', '/orders?uniqueId=AGENT-1001');
		expect(stored.orderedProducts.map((item) => item.assignedSizeId)).toEqual([3002]);

		// Another customer who guessed the Unique ID: told it is taken, and nothing of Ada's order.
		const [stranger] = await agent.items<Record<string, unknown>>('submit_pending_order', {
			...order,
			customerFirstName: 'Grace',
			customerLastName: 'Hopper',
			customerEmail: 'grace@example.com',
			street: 'Main Street 1',
			zip: '10001',
			city: 'New York',
		});
		expect(stranger).toEqual({
			uniqueId: 'AGENT-1001',
			alreadyExisted: true,
			detailsWithheld: true,
			note: expect.stringMatching(/exists already, so no order was made/),
		});
		expect(JSON.stringify(stranger)).not.toMatch(/Ada|Lovelace|ada@example\.com|Torstra/);

		const noSuchCountry = await agent.call('submit_pending_order', {
			...order,
			uniqueId: 'AGENT-1009',
			countryCode: 'ZZ',
		});
		expect(noSuchCountry.isError).toBe(true);
		expect(noSuchCountry.text).toContain(
			'Argument countryCode: Country ZZ is not a country of this account',
		);
		expect(await orderPosts()).toBe(before);
	});

	test('bad arguments get an error naming the argument and its fix, without "Item 1:", and no order is sent', async () => {
		const before = await orderPosts();
		const unknownColor = await agent.call('submit_pending_order', {
			...order,
			uniqueId: 'AGENT-1002',
			color: 'Purple',
		});
		expect(unknownColor.isError).toBe(true);
		expect(unknownColor.text).toMatch(
			/Argument color: no color Purple; Classic T-Shirt offers White, Black/,
		);

		// Three bad arguments: one error, each problem named by the argument that gave it.
		const threeBad = await agent.call('submit_pending_order', {
			...order,
			uniqueId: 'AGENT-1005',
			color: 'Purple',
			amount: 0,
			size: 'XXXL',
		});
		expect(threeBad.isError).toBe(true);
		expect(threeBad.text).toContain(
			'The order has 3 problems: Argument color: no color Purple; Classic T-Shirt offers White, Black; and 2 more problems, listed below',
		);
		for (const listed of [
			'1. Argument color: no color Purple; Classic T-Shirt offers White, Black.',
			'2. Argument size: no size XXXL; Classic T-Shirt offers S, M, L, XL, XXL, 3XL.',
			'3. Argument amount: Amount must be a positive whole number, got 0.',
		]) {
			expect(threeBad.text).toContain(listed);
		}

		const partOfName = await agent.call('submit_pending_order', {
			...order,
			uniqueId: 'AGENT-1008',
			product: 'T-Shirt',
		});
		expect(partOfName.isError).toBe(true);
		expect(partOfName.text).toContain('Argument product: no product has the name or SKU T-Shirt');

		const withoutCity: Record<string, unknown> = { ...order, uniqueId: 'AGENT-1003' };
		delete withoutCity.city;
		const missingCity = await agent.call('submit_pending_order', withoutCity);
		expect(missingCity.isError).toBe(true);
		expect(missingCity.text).toMatch(/Required\s+→ at city/);

		const emptyUniqueId = await agent.call('submit_pending_order', { ...order, uniqueId: '' });
		expect(emptyUniqueId.isError).toBe(true);
		expect(emptyUniqueId.text).toMatch(/Unique ID/);

		for (const answer of [unknownColor, threeBad, partOfName, emptyUniqueId]) {
			expect(answer.text).not.toContain('Item 1:');
		}
		expect(await orderPosts()).toBe(before);
		for (const uniqueId of ['AGENT-1002', 'AGENT-1003', 'AGENT-1005', 'AGENT-1008']) {
			expect(await control('GET', `/orders?uniqueId=${uniqueId}`)).toEqual([]);
		}
	});

	test("each tool call is an execution in n8n's log, holding the arguments and the customer's name and address, never the token", async () => {
		const executions = await session.finishedExecutionsOf(workflowId, 1);
		const data = await Promise.all(
			executions.map(async (execution) => await session.executionData(execution.id)),
		);
		const submitted = data.filter(
			(text) => text.includes('AGENT-1001') && text.includes('Lovelace'),
		);
		expect(submitted.length).toBeGreaterThan(0);
		expect(submitted[0]).toContain('Torstraße 12');
		expect(data.some((text) => text.includes(MCP_TOKEN))).toBe(false);
	});
});

test(
	"the poll trigger's fulfilled event carries the tracking number",
	async () => {
		// The poll trigger reads the order list at every poll of its Every Minute schedule (unless the
		// service asks it to wait); the time allowed covers n8n's start of the poll and a slow run.
		const execution = await waitFor(
			'a poll of the fulfilled order',
			async () => {
				// Only an execution that has ended: a poll still running can already hold the order.
				for (const candidate of await session.executionsOf(POLL_WORKFLOW_ID, [
					'success',
					'error',
				])) {
					const data = await session.executionData(candidate.id);
					if (data.includes('TRACK-E2E-1')) return { candidate, data };
				}
				return undefined;
			},
			9 * 60_000,
		);
		expect(execution.candidate.status).toBe('success');
		expect(execution.data).toContain('orders/fulfilled');
		expect(execution.data).toContain('trackingNumbers');
		expect(execution.data).toContain('fulfilmentStatusLabel');
		await session.deactivate(POLL_WORKFLOW_ID);
	},
	10 * 60_000,
);

/**
 * The busiest day (issue 33), small: storefront orders of the documented shapes reach the intake
 * examples' production webhooks, sent by the stores' stand-ins as the stores send them, while the
 * service answers 429 with Retry-After, then drops every connection, and n8n restarts once; then
 * the catch-up examples run. `npm run bench:busiest-day` runs the same with 1,000 orders and
 * minutes-long windows (bench/README.md). Here the service's outage is its own fault `reset`
 * (each connection cut unanswered): the suite's credential reaches the sandbox directly, where the
 * bench shuts a gate in front of it.
 */
describe('from the print catalog into the store', () => {
	/** The print product the publish examples list: Classic T-Shirt (White, Black; S to 3XL). */
	const TEE = 1001;
	interface LoggedRequest {
		method: string;
		path: string;
		query?: Record<string, string>;
		status: number;
	}
	const logged = async () => await control<LoggedRequest[]>('GET', '/requests');
	/**
	 * The catalog look-ups a SKU or a name costs (a product list read through a stored filter),
	 * and any other list read through a stored filter but the two every intake run makes alike,
	 * whatever its lines: Exactly Once's order by Unique ID, and the example's motive by name.
	 */
	const lookUps = (requests: LoggedRequest[]) =>
		requests.filter(
			(r) =>
				r.method === 'GET' &&
				(/\/products$/.test(r.path) ||
					(r.query?.filterId !== undefined && !/\/(orders|motives)$/.test(r.path))),
		);
	const shortly = (requests: LoggedRequest[]) =>
		requests.map((r) => `${r.method} ${r.path.replace(/^.*\/shops\/\d+/, '')}`).join(', ');

	interface ListedVariant {
		sku: string;
		color: string;
		size: string;
		available: boolean;
		assignedColorId: number;
		assignedSizeId: number;
	}
	/** Run a publish example; its listing as Get Storefront Listing gave it, and what Published says. */
	async function publishing(workflowId: string) {
		const run = await session.runFromPinnedTrigger(workflowId, 'Publish');
		expect({ workflowId, status: run.status, error: run.error }).toEqual({
			workflowId,
			status: 'success',
			error: undefined,
		});
		const published = itemsOf(run.runData.Published?.[0]);
		expect(published).toHaveLength(1);
		const listing = itemsOf(run.runData['Get Storefront Listing']?.[0])[0] as unknown as {
			variants: ListedVariant[];
			handle: string;
			imageNote?: string;
		};
		return { listing, published: published[0] };
	}
	async function publish(workflowId: string): Promise<{ variants: ListedVariant[] }> {
		return (await publishing(workflowId)).listing;
	}

	/**
	 * A motive of its own on a sandbox, whose bitmap is new bytes: the preview a store is to get,
	 * as the service serves it (read with the session). Returns its ID and those bytes.
	 */
	async function newMotive(name: string, rgb: [number, number, number], of: Sandbox = sandbox) {
		const service = ServiceClient.as(of.baseUrl);
		const motive = await service.post(`${SHOP_PATH}/motives`, {
			motive: { name, type: 'HIGH_RESOLUTION_BITMAP' },
		});
		expect(motive.status).toBeLessThan(300);
		const motiveId = String(motive.json.id ?? motive.json.motive?.id);
		const art = tinyPng(rgb, 40);
		const uploaded = await service.post(`${SHOP_PATH}/motives/${motiveId}/bitmap`, undefined, {
			raw: art,
			contentType: 'image/png',
		});
		expect(uploaded.status).toBeLessThan(300);
		const preview = await service.get(`${SHOP_PATH}/motives/${motiveId}/image`);
		expect(preview.bytes.equals(art)).toBe(true);
		return { motiveId, preview: preview.bytes };
	}

	/**
	 * A publish example as a new workflow listing the T-shirt with this motive on it; with
	 * `credentialId`, its nodes of ours on that credential (a sandbox of another deployment).
	 * Returns the workflow's ID.
	 */
	async function publishingWorkflow(
		example: string,
		motiveId: string,
		name: string,
		credentialId?: string,
	) {
		const shipped = pointedAtStandIns(exampleWorkflows(), shopify, wooCommerce).find(
			(entry) => entry.id === example,
		) as Record<string, unknown>;
		const workflow = JSON.parse(
			JSON.stringify(credentialId ? onCredential(shipped, example, credentialId) : shipped),
		) as {
			id?: string;
			name: string;
			nodes: Array<{ name: string; parameters: Record<string, unknown> }>;
		};
		delete workflow.id;
		workflow.name = `${workflow.name} (${name})`;
		const listingNode = workflow.nodes.find((node) => node.name === 'Get Storefront Listing');
		if (listingNode) listingNode.parameters.motiveId = { __rl: true, mode: 'id', value: motiveId };
		const created = await rest<{ id: string }>(n8n, cookie, 'POST', '/workflows', workflow);
		return created.id;
	}

	/**
	 * A publish example as a new workflow listing the T-shirt with a motive of its own (a new
	 * bitmap). Returns the workflow's ID, the preview's bytes and the motive's ID.
	 */
	async function publishWithMotive(example: string, name: string, rgb: [number, number, number]) {
		const { motiveId, preview } = await newMotive(name, rgb);
		return { workflowId: await publishingWorkflow(example, motiveId, name), preview, motiveId };
	}

	/** Every print-service address a store request carried: in its path, query or body. */
	const printServiceAddresses = (requests: RecordedRequest[]) =>
		requests
			.map((r) =>
				[
					r.path,
					JSON.stringify(r.query),
					JSON.stringify(r.body ?? null),
					r.raw?.toString('latin1') ?? '',
				].join(' '),
			)
			.filter(
				(text) =>
					text.includes(new URL(sandbox.baseUrl).host) || /\/motives\/\d+\/image/.test(text),
			);

	/**
	 * The intake example, this order pinned to its trigger, as a new workflow: its run. With
	 * `onSkuTexts`, on the service whose color/size pairs carry SKU texts.
	 */
	async function intake(
		example: string,
		trigger: string,
		order: Record<string, unknown>,
		onSkuTexts = false,
	) {
		const workflow: Record<string, unknown> = (onSkuTexts ? onSkuTextService : withPinnedPayload)(
			example,
			`podE2ePublish${String(order.id)}`,
			trigger,
			order,
		);
		// n8n gives the new workflow its own ID.
		delete workflow.id;
		const created = await rest<{ id: string }>(n8n, cookie, 'POST', '/workflows', workflow);
		return await session.runFromPinnedTrigger(created.id, trigger);
	}

	/** Mark every size of a color of the T-shirt (un)available in the service. */
	async function setColorAvailability(
		variants: ListedVariant[],
		color: string,
		available: boolean,
	) {
		for (const variant of variants.filter((entry) => entry.color === color)) {
			await control('PUT', `/products/${TEE}/availability`, {
				assignedColorId: variant.assignedColorId,
				assignedSizeId: variant.assignedSizeId,
				available,
			});
		}
	}

	/**
	 * An order of two listed variants (amounts 1 and 2) through an intake example: it succeeds with
	 * no catalog look-up, and its print order's lines are exactly those variants.
	 */
	async function expectPrintedAsListed(
		intakeOf: { example: string; trigger: string; uniqueId: string },
		order: Record<string, unknown>,
		listing: { variants: ListedVariant[] },
		skus: [string, string],
	) {
		const before = (await logged()).length;
		const run = await intake(intakeOf.example, intakeOf.trigger, order);
		expect({ status: run.status, error: run.error }).toEqual({
			status: 'success',
			error: undefined,
		});
		const requests = (await logged()).slice(before);
		process.stdout.write(
			`${intakeOf.trigger}: intake of 2 published variants, ${requests.length} requests (${shortly(requests)})\n`,
		);
		expect(lookUps(requests)).toEqual([]);
		const listed = (sku: string) => listing.variants.find((variant) => variant.sku === sku);
		expect(await printedVariants(intakeOf.uniqueId)).toEqual(
			skus.map((sku, index) => ({
				productId: TEE,
				assignedColorId: listed(sku)?.assignedColorId,
				assignedSizeId: listed(sku)?.assignedSizeId,
				amount: index + 1,
			})),
		);
	}

	/** The print order of a Unique ID, its lines as the variants they print. */
	async function printedVariants(uniqueId: string) {
		const orders = await control<ControlOrder[]>('GET', `/orders?uniqueId=${uniqueId}`);
		expect(orders).toHaveLength(1);
		return orders[0].orderedProducts.map(
			({ productId, assignedColorId, assignedSizeId, amount }) => ({
				productId,
				assignedColorId,
				assignedSizeId,
				amount,
			}),
		);
	}

	test("Shopify: the published product's variants carry the listing's SKUs; an order of two of them through the intake example is a print order of exactly those, with no look-up; publishing again updates the same product and variants, and a color the service stopped is sold out", async () => {
		shopify.catalog.clearProducts();
		const sent = shopify.requests.length;
		const { listing, published } = await publishing('podExShopPublish');
		// The plain T-shirt has no motive, so no image: published without one, and said so.
		expect(listing.imageNote).toMatch(/no image/);
		expect(published).toMatchObject({ image: null, imageNote: listing.imageNote });
		const [product] = shopify.catalog.products() as Array<{
			id: string;
			handle: string;
			variants: { nodes: Array<{ id: string; sku: string; availableForSale: boolean }> };
		}>;
		expect(shopify.catalog.products()).toHaveLength(1);
		expect(product.handle).toBe(`pod-${TEE}`);
		// For sale exactly where the service can make the pair (White 3XL it cannot: sold out).
		expect(
			product.variants.nodes.map((variant) => [variant.sku, variant.availableForSale]),
		).toEqual(listing.variants.map((variant) => [variant.sku, variant.available]));
		// Two GraphQL requests, read then productSet, both answered without errors.
		const calls = shopify.requests.slice(sent);
		expect(calls.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`POST /admin/api/2026-07/graphql.json 200`,
			`POST /admin/api/2026-07/graphql.json 200`,
		]);
		expect(calls.map((r) => r.auth.shopifyAccessToken)).toEqual([
			shopify.accessToken,
			shopify.accessToken,
		]);
		expect(printServiceAddresses(calls)).toEqual([]);
		expect((shopify.catalog.products()[0] as { media: { nodes: unknown[] } }).media.nodes).toEqual(
			[],
		);

		const [first, , , second] = product.variants.nodes;
		const variantId = (gid: string) => Number(gid.split('/').pop());
		const order = {
			...withProductSkus(shopifyOrder),
			// An ID no other group of this suite gives an order (the way back's SHIPPED is 450789490).
			id: 450789601,
			refunds: [],
			line_items: [
				shopify.catalog.orderLine(variantId(first.id), 1),
				shopify.catalog.orderLine(variantId(second.id), 2),
			],
		};
		await expectPrintedAsListed(
			{ example: 'podExShopIntake', trigger: 'Shopify Trigger', uniqueId: `shopify-${order.id}` },
			order,
			listing,
			[first.sku, second.sku],
		);

		// Again: the same product, the same variants (IDs kept), nothing added.
		await publish('podExShopPublish');
		const again = shopify.catalog.products() as Array<typeof product>;
		expect(again).toHaveLength(1);
		expect(again[0].id).toBe(product.id);
		expect(again[0].variants.nodes.map((variant) => variant.id)).toEqual(
			product.variants.nodes.map((variant) => variant.id),
		);

		// Black no longer made: its variants stay, sold out; the others stay for sale.
		try {
			await setColorAvailability(listing.variants, 'Black', false);
			const third = await publish('podExShopPublish');
			const held = (shopify.catalog.products() as Array<typeof product>)[0];
			expect(held.variants.nodes.map((variant) => variant.id)).toEqual(
				product.variants.nodes.map((variant) => variant.id),
			);
			const black = third.variants.filter((v) => v.color === 'Black');
			expect(black.length).toBeGreaterThan(0);
			expect(black.every((v) => !v.available)).toBe(true);
			expect(held.variants.nodes.map((variant) => [variant.sku, variant.availableForSale])).toEqual(
				third.variants.map((variant) => [variant.sku, variant.available]),
			);
		} finally {
			await setColorAvailability(listing.variants, 'Black', true);
		}
	});

	test("WooCommerce: the published variable product's variations carry the listing's SKUs; an order of two of them through the intake example is a print order of exactly those, with no look-up; publishing again updates the same product and variations, and a color the service stopped is out of stock", async () => {
		wooCommerce.catalog.clearProducts();
		const sentBefore = wooCommerce.requests.length;
		const { listing, published } = await publishing('podExWooPublish');
		const products = wooCommerce.catalog.products();
		expect(products).toHaveLength(1);
		// The plain T-shirt has no motive, so no image: published without one, and said so.
		expect(listing.imageNote).toMatch(/no image/);
		expect(published).toMatchObject({ image: null, imageNote: listing.imageNote });
		expect((products[0] as { images: unknown[] }).images).toEqual([]);
		const firstCalls = wooCommerce.requests.slice(sentBefore);
		expect(firstCalls.filter((r) => r.path.startsWith('/wp-json/wp/'))).toEqual([]);
		expect(printServiceAddresses(firstCalls)).toEqual([]);
		const [product] = products as Array<{
			id: number;
			sku: string;
			type: string;
			attributes: unknown;
		}>;
		expect(product).toMatchObject({ sku: `pod-${TEE}`, type: 'variable' });
		expect(product.attributes).toEqual([
			expect.objectContaining({ name: 'Color', variation: true, options: ['White', 'Black'] }),
			expect.objectContaining({ name: 'Size', variation: true }),
		]);
		const variations = () =>
			wooCommerce.catalog.variations(product.id) as Array<{
				id: number;
				sku: string;
				stock_status: string;
			}>;
		expect(variations().map((variation) => variation.sku)).toEqual(
			listing.variants.map((variant) => variant.sku),
		);
		// In stock exactly where the service can make the pair (White 3XL it cannot).
		const stock = (available: boolean) => (available ? 'instock' : 'outofstock');
		expect(variations().map((variation) => [variation.sku, variation.stock_status])).toEqual(
			listing.variants.map((variant) => [variant.sku, stock(variant.available)]),
		);

		const [first, , , second] = variations();
		const order = {
			...withProductSkus(wooCommerceOrderOf3Lines),
			id: 7301,
			number: '7301',
			line_items: [
				wooCommerce.catalog.orderLine(first.id, 1),
				wooCommerce.catalog.orderLine(second.id, 2),
			],
		};
		await expectPrintedAsListed(
			{
				example: 'podExWooIntake',
				trigger: 'WooCommerce Trigger',
				uniqueId: `woocommerce-${order.id}`,
			},
			order,
			listing,
			[first.sku, second.sku],
		);

		const ids = variations().map((variation) => variation.id);
		await publish('podExWooPublish');
		expect(wooCommerce.catalog.products()).toHaveLength(1);
		expect(variations().map((variation) => variation.id)).toEqual(ids);

		try {
			await setColorAvailability(listing.variants, 'Black', false);
			const third = await publish('podExWooPublish');
			expect(wooCommerce.catalog.products()).toHaveLength(1);
			expect(variations().map((variation) => variation.id)).toEqual(ids);
			const black = third.variants.filter((v) => v.color === 'Black');
			expect(black.length).toBeGreaterThan(0);
			expect(black.every((v) => !v.available)).toBe(true);
			expect(variations().map((variation) => [variation.sku, variation.stock_status])).toEqual(
				third.variants.map((variant) => [variant.sku, stock(variant.available)]),
			);
		} finally {
			await setColorAvailability(listing.variants, 'Black', true);
		}
	});

	test("Shopify: the listing's image reaches the store through a staged upload, the bytes of the service's preview, READY on the product, no print-service address sent and no Shopify token to the target; publishing again uploads nothing", async () => {
		shopify.catalog.clearProducts();
		shopify.staged.clear();
		const { workflowId, preview, motiveId } = await publishWithMotive(
			'podExShopPublish',
			'E2E Shop Art',
			[20, 160, 220],
		);
		const sent = shopify.requests.length;
		const first = await publishing(workflowId);
		const [product] = shopify.catalog.products() as Array<{
			handle: string;
			media: { nodes: Array<{ id: string; status: string; mediaErrors: unknown[] }> };
		}>;
		expect(product.handle).toBe(first.listing.handle);
		const files = shopify.staged.files();
		expect(files).toHaveLength(1);
		expect(files[0].bytes.equals(preview)).toBe(true);
		expect(files[0].fileName).toBe(`pod-${TEE}-motive-${motiveId}.png`);
		expect(product.media.nodes).toEqual([
			expect.objectContaining({ status: 'READY', mediaErrors: [] }),
		]);
		expect(first.published).toMatchObject({
			image: 'READY',
			imageNote: expect.stringMatching(/^Uploaded/),
		});
		const calls = shopify.requests.slice(sent);
		expect(calls.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'POST /admin/api/2026-07/graphql.json 200',
			'POST /admin/api/2026-07/graphql.json 200',
			'POST /staged-uploads/ 201',
			'POST /admin/api/2026-07/graphql.json 200',
		]);
		const upload = calls[2];
		expect(upload.contentType).toMatch(/^multipart\/form-data/);
		// The store's token goes to the store's Admin API only, never to the upload target.
		expect(upload.auth).toEqual({ authorization: undefined, shopifyAccessToken: undefined });
		expect(printServiceAddresses(calls)).toEqual([]);

		const again = shopify.requests.length;
		const second = await publishing(workflowId);
		expect(shopify.requests.slice(again).map((r) => r.path)).not.toContain('/staged-uploads/');
		expect(shopify.staged.files()).toHaveLength(1);
		const held = (shopify.catalog.products() as Array<typeof product>)[0];
		expect(held.media.nodes.map((media) => media.id)).toEqual(product.media.nodes.map((m) => m.id));
		expect(second.published).toMatchObject({
			image: 'READY',
			imageNote: expect.stringMatching(/nothing uploaded/),
		});
	});

	test("WooCommerce: the listing's image reaches the store through the WordPress media library, the bytes of the service's preview, by its media ID, no print-service address sent; publishing again uploads nothing", async () => {
		wooCommerce.catalog.clearProducts();
		wooCommerce.media.clear();
		const { workflowId, preview, motiveId } = await publishWithMotive(
			'podExWooPublish',
			'E2E Woo Art',
			[200, 30, 120],
		);
		const sent = wooCommerce.requests.length;
		const first = await publishing(workflowId);
		const [product] = wooCommerce.catalog.products() as Array<{
			sku: string;
			images: Array<{ id: number; src: string; alt: string }>;
		}>;
		expect(product.sku).toBe(first.listing.handle);
		const files = wooCommerce.media.files();
		expect(files).toHaveLength(1);
		expect(files[0].file.bytes.equals(preview)).toBe(true);
		expect(files[0].file.fileName).toBe(`pod-${TEE}-motive-${motiveId}.png`);
		expect(product.images).toEqual([
			expect.objectContaining({ id: files[0].id, src: files[0].source_url }),
		]);
		expect(first.published).toMatchObject({
			image: files[0].source_url,
			imageNote: expect.stringMatching(/^Uploaded/),
		});
		const calls = wooCommerce.requests.slice(sent);
		const uploads = calls.filter((r) => r.path === '/wp-json/wp/v2/media');
		expect(uploads.map((r) => `${r.method} ${r.status} ${r.contentType}`)).toEqual([
			'POST 201 image/png',
		]);
		// The application password of n8n's WordPress credential, not WooCommerce's keys.
		const basic = (user: string, password: string) =>
			`Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
		expect(uploads[0].auth.authorization).toBe(
			basic(wooCommerce.wordpress.user, wooCommerce.wordpress.applicationPassword),
		);
		expect(printServiceAddresses(calls)).toEqual([]);

		// Again: the product holds its image; nothing uploaded, the same image kept.
		const again = wooCommerce.requests.length;
		const second = await publishing(workflowId);
		expect(
			wooCommerce.requests.slice(again).filter((r) => r.path === '/wp-json/wp/v2/media'),
		).toEqual([]);
		expect(wooCommerce.media.files()).toHaveLength(1);
		expect((wooCommerce.catalog.products()[0] as typeof product).images.map((i) => i.id)).toEqual([
			files[0].id,
		]);
		expect(second.published.imageNote).toMatch(/nothing uploaded/);
	});

	/** The store of the set-up check: one good variant, one unknown color name, one unknown SKU. */
	const GOOD_SKU = encodeStorefrontSku({
		productId: TEE,
		assignedColorId: 2001,
		assignedSizeId: 3003,
	});
	const UNKNOWN_SKU = 'MUG-11OZ-WHITE';

	interface CheckItem {
		product: string;
		variation: string;
		sku: string;
		problem: string;
		fix: string;
	}
	/** Runs a set-up check: the items of its last node, after `lines` one-line orders were checked. */
	async function check(workflowId: string, lines: number, lastNode: string): Promise<CheckItem[]> {
		const before = await logged();
		const run = await session.runFromPinnedTrigger(workflowId, 'Run Now');
		expect({ workflowId, status: run.status, error: run.error }).toEqual({
			workflowId,
			status: 'success',
			error: undefined,
		});
		const requests = (await logged()).slice(before.length);
		process.stdout.write(`${workflowId}: ${requests.length} requests (${shortly(requests)})\n`);
		// Nothing sent: no order, no write of any kind; reads (and a look-up's stored filter) only.
		expect(
			requests.filter((r) => r.method !== 'GET' && !/\/filters$/.test(r.path)).map((r) => r.path),
		).toEqual([]);
		const checked = itemsOf(run.runData['Check Only']?.[0]);
		expect(checked.every((item) => item.checkOnly === true)).toBe(true);
		expect(checked).toHaveLength(lines);
		// One run of the last node: every row in one list.
		expect(run.runData[lastNode]).toHaveLength(1);
		return itemsOf(run.runData[lastNode]?.[0]) as unknown as CheckItem[];
	}

	const expectTheTwoProblems = (items: CheckItem[]) => {
		expect(items.map((item) => item.sku).sort()).toEqual(['TEE-CLASSIC', UNKNOWN_SKU].sort());
		const of = (sku: string) => items.find((item) => item.sku === sku) as CheckItem;
		expect(of('TEE-CLASSIC').problem).toMatch(/purple/i);
		expect(of(UNKNOWN_SKU).problem).toContain(UNKNOWN_SKU);
		for (const item of items) expect(item.fix).toMatch(/\w/);
	};

	test('a color the service no longer makes (taken off the product) stays in both stores: Shopify keeps its variants sold out with their IDs, though productSet deletes what it is not sent; WooCommerce out of stock, still an attribute option; made again, they are on sale, the same IDs; both products read in English', async () => {
		shopify.catalog.clearProducts();
		wooCommerce.catalog.clearProducts();
		interface HeldVariant {
			id: string;
			sku: string;
			title: string;
			availableForSale: boolean;
			selectedOptions: Array<{ name: string; value: string }>;
		}
		interface HeldProduct {
			id: string;
			title: string;
			descriptionHtml: string;
			options: Array<{ name: string; optionValues: Array<{ name: string }> }>;
			variants: { nodes: HeldVariant[] };
		}
		const shopProduct = () => {
			const products = shopify.catalog.products() as unknown as HeldProduct[];
			expect(products).toHaveLength(1);
			return products[0];
		};
		const colorOf = (variant: HeldVariant) =>
			variant.selectedOptions.find((option) => option.name === 'Color')?.value;
		const { listing, published: shopPublished } = await publishing('podExShopPublish');
		await publish('podExWooPublish');
		const typed = listing as unknown as {
			title: string;
			description: string;
			descriptionHtml: string;
			language: string;
		};
		// The product reads as a product, in the listing's language (English, the sandbox's text).
		expect(typed).toMatchObject({
			language: 'en',
			title: 'Classic T-Shirt',
			description: 'A soft cotton T-shirt, printed on demand.',
			descriptionHtml: '<p>A soft cotton T-shirt, printed on demand.</p>',
		});
		expect(shopProduct()).toMatchObject({
			title: typed.title,
			descriptionHtml: typed.descriptionHtml,
		});
		const [wooProduct] = wooCommerce.catalog.products() as Array<{
			id: number;
			name: string;
			description: string;
		}>;
		expect(wooProduct).toMatchObject({ name: typed.title, description: typed.descriptionHtml });
		expect(shopPublished.noLongerMade).toEqual([]);

		const before = shopProduct().variants.nodes;
		const black = before.filter((variant) => colorOf(variant) === 'Black');
		expect(black).toHaveLength(5);
		const blackColorId = listing.variants.find((v) => v.color === 'Black')?.assignedColorId;
		const wooVariations = () =>
			wooCommerce.catalog.variations(wooProduct.id) as Array<{
				id: number;
				sku: string;
				stock_status: string;
				attributes: Array<{ name: string; option: string }>;
			}>;
		const wooBefore = wooVariations();
		const wooColors = () =>
			(
				wooCommerce.catalog.products()[0] as {
					attributes: Array<{ name: string; options: string[] }>;
				}
			).attributes.find((attribute) => attribute.name === 'Color')?.options;
		const state = (variants: HeldVariant[]) =>
			variants.map((variant) => [variant.id, variant.sku, variant.availableForSale]);
		try {
			await control('PUT', `/products/${TEE}/colors/${blackColorId}`, { offered: false });
			const shop = await publishing('podExShopPublish');
			// The listing no longer has Black at all: no option value, no variant.
			expect(shop.listing.variants.filter((v) => v.color === 'Black')).toEqual([]);
			const held = shopProduct();
			expect(state(held.variants.nodes)).toEqual(
				before.map((variant) => [
					variant.id,
					variant.sku,
					colorOf(variant) === 'Black' ? false : variant.availableForSale,
				]),
			);
			expect(held.options[0].optionValues.map((value) => value.name)).toEqual(['White', 'Black']);
			expect(shop.published.noLongerMade).toEqual(black.map((variant) => variant.title));
			expect(shop.published.soldOut).toEqual(
				expect.arrayContaining(black.map((variant) => variant.title)),
			);

			await publish('podExWooPublish');
			expect(wooVariations().map((v) => v.id)).toEqual(wooBefore.map((v) => v.id));
			expect(wooVariations().map((v) => [v.sku, v.stock_status])).toEqual(
				wooBefore.map((v) => [
					v.sku,
					v.attributes.some((a) => a.name === 'Color' && a.option === 'Black')
						? 'outofstock'
						: v.stock_status,
				]),
			);
			expect(wooColors()).toEqual(['White', 'Black']);
		} finally {
			await control('PUT', `/products/${TEE}/colors/${blackColorId}`, { offered: true });
		}
		// Made again: the same variants, on sale as before.
		const again = await publishing('podExShopPublish');
		expect(state(shopProduct().variants.nodes)).toEqual(state(before));
		expect(again.published.noLongerMade).toEqual([]);
		await publish('podExWooPublish');
		expect(wooVariations().map((v) => [v.id, v.sku, v.stock_status])).toEqual(
			wooBefore.map((v) => [v.id, v.sku, v.stock_status]),
		);
	});

	test.each(SKU_MODES.map((mode) => ({ ...mode, on: mode.mode })))(
		"two listings of the T-shirt with two motives in one Shopify and one WooCommerce store, on $on: an order of one variant of each through each intake prints each line its own motive on its listing's print area, with no catalog look-up",
		async (mode) => {
			const service = mode.variantSkuTexts ? sandboxWithSkuTexts : sandbox;
			const credentialId = mode.variantSkuTexts ? SKU_TEXTS_CREDENTIAL_ID : undefined;
			const serviceRequests = async () =>
				await control<LoggedRequest[]>('GET', '/requests', undefined, service);
			shopify.catalog.clearProducts();
			wooCommerce.catalog.clearProducts();
			const motives = [
				{ name: 'E2E Star', rgb: [250, 200, 20] as [number, number, number] },
				{ name: 'E2E Logo', rgb: [30, 30, 160] as [number, number, number] },
			];
			const listings: Array<{
				motiveId: number;
				title: string;
				descriptionHtml: string;
				printArea: { productAreaId: number };
				variants: ListedVariant[];
			}> = [];
			for (const { name, rgb } of motives) {
				const { motiveId } = await newMotive(name, rgb, service);
				for (const example of ['podExShopPublish', 'podExWooPublish']) {
					const workflowId = await publishingWorkflow(example, motiveId, name, credentialId);
					const { listing } = await publishing(workflowId);
					if (example === 'podExShopPublish') {
						listings.push({
							...(listing as unknown as (typeof listings)[number]),
							motiveId: Number(motiveId),
						});
					}
				}
			}
			const [star, logo] = listings;
			// Two listings of one product, variants of their own: nothing collides in either store.
			expect(star.variants.filter((v) => logo.variants.some((o) => o.sku === v.sku))).toEqual([]);
			const shopProducts = shopify.catalog.products() as Array<{
				title: string;
				descriptionHtml: string;
				variants: { nodes: Array<{ id: string; sku: string }> };
			}>;
			const wooProducts = wooCommerce.catalog.products() as Array<{
				id: number;
				name: string;
				description: string;
			}>;
			expect(shopProducts.map((p) => [p.title, p.descriptionHtml]).sort()).toEqual(
				listings.map((l) => [l.title, l.descriptionHtml]).sort(),
			);
			expect(wooProducts.map((p) => [p.name, p.description]).sort()).toEqual(
				listings.map((l) => [l.title, l.descriptionHtml]).sort(),
			);
			expect(star.title).toBe('E2E Star – Classic T-Shirt');

			/** The print each listing's line is to get: its motive on its print area. */
			const printOf = (listing: (typeof listings)[number], sku: string) => {
				const variant = listing.variants.find((v) => v.sku === sku) as ListedVariant;
				return {
					productId: TEE,
					assignedColorId: variant.assignedColorId,
					assignedSizeId: variant.assignedSizeId,
					compositions: [
						{
							productAreaId: listing.printArea.productAreaId,
							elements: [expect.objectContaining({ motiveId: listing.motiveId })],
						},
					],
				};
			};
			const offset = mode.variantSkuTexts ? 1 : 0;
			const variantId = (gid: string) => Number(gid.split('/').pop());
			const shopOf = (listing: (typeof listings)[number]) =>
				shopProducts.find((p) => p.title === listing.title)?.variants.nodes ?? [];
			const wooOf = (listing: (typeof listings)[number]) =>
				wooCommerce.catalog.variations(
					wooProducts.find((p) => p.name === listing.title)?.id ?? 0,
				) as Array<{ id: number; sku: string }>;
			const orders = [
				{
					store: 'Shopify',
					example: 'podExShopIntake',
					trigger: 'Shopify Trigger',
					lines: [shopOf(star)[0], shopOf(logo)[3]],
					order: (lines: Array<Record<string, unknown>>) => ({
						...mode.order(shopifyOrder),
						id: 450789611 + offset,
						refunds: [],
						line_items: lines,
					}),
					line: (variant: { id: string | number }, amount: number) =>
						shopify.catalog.orderLine(variantId(String(variant.id)), amount),
					uniqueId: (id: unknown) => `shopify-${String(id)}`,
				},
				{
					store: 'WooCommerce',
					example: 'podExWooIntake',
					trigger: 'WooCommerce Trigger',
					lines: [wooOf(star)[0], wooOf(logo)[3]],
					order: (lines: Array<Record<string, unknown>>) => ({
						...mode.order(wooCommerceOrderOf3Lines),
						id: 7311 + offset,
						number: String(7311 + offset),
						line_items: lines,
					}),
					line: (variant: { id: string | number }, amount: number) =>
						wooCommerce.catalog.orderLine(Number(variant.id), amount),
					uniqueId: (id: unknown) => `woocommerce-${String(id)}`,
				},
			];
			for (const store of orders) {
				const [ofStar, ofLogo] = store.lines;
				expect([ofStar.sku, ofLogo.sku]).toEqual([star.variants[0].sku, logo.variants[3].sku]);
				const order = store.order([store.line(ofStar, 1), store.line(ofLogo, 2)]);
				const before = (await serviceRequests()).length;
				const run = await intake(store.example, store.trigger, order, mode.variantSkuTexts);
				expect({ store: store.store, status: run.status, error: run.error }).toEqual({
					store: store.store,
					status: 'success',
					error: undefined,
				});
				const requests = (await serviceRequests()).slice(before);
				process.stdout.write(
					`${store.store} intake of two motive listings on ${mode.mode}: ${requests.length} requests to the service (${shortly(requests)})\n`,
				);
				expect(lookUps(requests)).toEqual([]);
				const printed = await control<ControlOrder[]>(
					'GET',
					`/orders?uniqueId=${store.uniqueId(order.id)}`,
					undefined,
					service,
				);
				expect(printed).toHaveLength(1);
				expect(
					printed[0].orderedProducts.map(
						({ productId, assignedColorId, assignedSizeId, amount, compositions }) => ({
							productId,
							assignedColorId,
							assignedSizeId,
							amount,
							compositions,
						}),
					),
				).toEqual([
					{ ...printOf(star, ofStar.sku), amount: 1 },
					{ ...printOf(logo, ofLogo.sku), amount: 2 },
				]);
			}
		},
	);

	test('the Shopify set-up check lists exactly the variant of an unknown color name and the one of an unknown SKU, each with its fix, and sends nothing to the service', async () => {
		shopify.catalog.clearProducts();
		const options = (colors: string[]) => [
			{ name: 'Color', values: colors.map((name) => ({ name })) },
			{ name: 'Size', values: [{ name: 'L' }] },
		];
		const variant = (sku: string, color: string) => ({
			sku,
			price: '12.90',
			optionValues: [
				{ optionName: 'Color', name: color },
				{ optionName: 'Size', name: 'L' },
			],
		});
		expect(
			shopify.catalog.set({
				title: 'Classic T-Shirt',
				productOptions: options(['White', 'Purple']),
				variants: [variant(GOOD_SKU, 'White'), variant('TEE-CLASSIC', 'Purple')],
			}).userErrors,
		).toEqual([]);
		expect(
			shopify.catalog.set({
				title: 'Mug',
				productOptions: options(['White']),
				variants: [variant(UNKNOWN_SKU, 'White')],
			}).userErrors,
		).toEqual([]);
		expectTheTwoProblems(await check('podExShopCheck', 3, 'Variant, Problem and Fix'));
	});

	test("on n8n's Shopify OAuth2 credential (a Dev Dashboard app): publishing sends its token in X-Shopify-Access-Token and, the token expired, n8n refreshes it at the app's token endpoint once and goes on with the new one; the set-up check, on n8n's pagination, loses that header", async () => {
		// The products the Access Token cases above left in the store.
		let start = shopify.requests.length;
		const refreshesBefore = shopify.oauth.refreshes.length;
		shopify.oauth.expireAll();
		await publish(SHOPIFY_OAUTH2_COPIES.podExShopPublish);
		let made = shopify.requests.slice(start).filter((r) => r.path.endsWith('/graphql.json'));
		// The expired token is refused once; the request again, and the next, carry the new one.
		expect(made.map((r) => r.status)).toEqual([401, 200, 200]);
		expect(shopify.oauth.refreshes.slice(refreshesBefore)).toEqual([{ status: 200 }]);
		const [expired, renewed, next] = made.map((r) => r.auth.shopifyAccessToken);
		expect(expired).toMatch(/^shpua_/);
		expect(renewed).toMatch(/^shpua_/);
		expect(renewed).not.toBe(expired);
		expect(next).toBe(renewed);

		// n8n 2.40.7's HTTP Request node sends a paginated request through the credential without
		// the Shopify credential's header option: the token goes as `Authorization: Bearer` only,
		// which the stand-in refuses as Shopify's Admin API wants `X-Shopify-Access-Token`.
		start = shopify.requests.length;
		const run = await session.runFromPinnedTrigger(SHOPIFY_OAUTH2_COPIES.podExShopCheck, 'Run Now');
		made = shopify.requests.slice(start).filter((r) => r.path.endsWith('/graphql.json'));
		process.stdout.write(
			`Shopify OAuth2, the paginated check: ${run.status}, ${JSON.stringify(made.map((r) => ({ status: r.status, shopifyAccessToken: r.auth.shopifyAccessToken ? 'set' : 'none', authorization: r.auth.authorization ? r.auth.authorization.split(' ')[0] : 'none' })))}\n`,
		);
		expect(made.length).toBeGreaterThan(0);
		expect(made.every((r) => r.auth.shopifyAccessToken === undefined)).toBe(true);
		expect(made.every((r) => r.auth.authorization?.startsWith('Bearer shpua_'))).toBe(true);
		expect(run.status).toBe('error');
	});

	test('the WooCommerce set-up check lists exactly the variation of an unknown color name, the one of an unknown SKU and the simple product of an unknown SKU, each with its fix, and the grouped product as not checked; it sends nothing to the service', async () => {
		wooCommerce.catalog.clearProducts();
		const attributes = (colors: string[]) => [
			{ name: 'Color', options: colors, variation: true, visible: true },
			{ name: 'Size', options: ['L'], variation: true, visible: true },
		];
		const variation = (sku: string, color: string) => ({
			sku,
			regular_price: '12.90',
			attributes: [
				{ name: 'Color', option: color },
				{ name: 'Size', option: 'L' },
			],
		});
		wooCommerce.catalog.addProduct(
			{ name: 'Classic T-Shirt', type: 'variable', attributes: attributes(['White', 'Purple']) },
			[variation(GOOD_SKU, 'White'), variation('TEE-CLASSIC', 'Purple')],
		);
		wooCommerce.catalog.addProduct(
			{ name: 'Mug', type: 'variable', attributes: attributes(['White']) },
			[variation(UNKNOWN_SKU, 'White')],
		);
		// Simple products (one SKU each, no variation), as WooCommerce's "Create a product" example
		// makes one: the tote bag's one pair (Natural, One Size), and a SKU the catalog does not know.
		const tote = wooCommerce.catalog.addProduct({
			name: 'Tote Bag with Logo',
			type: 'simple',
			regular_price: '9.50',
			sku: encodeStorefrontSku({ productId: 1003, assignedColorId: 2021, assignedSizeId: 3021 }),
		});
		const UNKNOWN_SIMPLE_SKU = 'POSTER-A2-MATTE';
		wooCommerce.catalog.addProduct({
			name: 'Poster',
			type: 'simple',
			regular_price: '19.00',
			sku: UNKNOWN_SIMPLE_SKU,
		});
		wooCommerce.catalog.addProduct({
			name: 'Gift Set',
			type: 'grouped',
			grouped_products: [tote.id],
		});
		// Three variations and two simple products checked; the grouped product is not.
		const items = await check('podExWooCheck', 5, 'Problems and Products Not Checked');
		process.stdout.write(`podExWooCheck rows: ${JSON.stringify(items)}\n`);
		const notChecked = items.filter((item) => /^not checked:/.test(item.problem));
		expect(notChecked).toEqual([
			expect.objectContaining({
				product: 'Gift Set',
				sku: '',
				problem: expect.stringMatching(/grouped/),
				fix: expect.stringMatching(/\w/),
			}),
		]);
		const problems = items.filter((item) => !notChecked.includes(item));
		const poster = problems.filter((item) => item.sku === UNKNOWN_SIMPLE_SKU);
		expect(poster).toEqual([
			expect.objectContaining({
				product: 'Poster',
				variation: '',
				problem: expect.stringContaining(UNKNOWN_SIMPLE_SKU),
				fix: expect.stringMatching(/\w/),
			}),
		]);
		// The tote bag's SKU resolves: no row of it.
		expectTheTwoProblems(problems.filter((item) => !poster.includes(item)));
	});
});

describe('the busiest day', () => {
	const ORDERS = 24;
	// The catch-up copies read BUSIEST_DAY_PAGE_SIZE orders a page: more than one page of each store.
	const catchUp = SMALL_PAGE_CATCH_UPS;

	test(`${ORDERS} storefront orders through a rate limit, an outage and a restart of n8n: after the catch-up, exactly one print order each, equal to its store order, no duplicate`, async () => {
		const orders = busiestDayOrders({
			count: ORDERS,
			firstId: 8_000_000,
			zone: process.env.GENERIC_TIMEZONE ?? 'America/New_York',
		});
		const figures = await runBusiestDay(
			{
				controlUrl: sandbox.controlUrl,
				shopify,
				wooCommerce,
				session: () => session,
				refuseConnections: async (forMs) => {
					await control('POST', '/faults', { kind: 'reset', forMs });
				},
				stopN8n: async () => await n8n.stop(),
				startN8n: async () => {
					n8n = await startN8n(runtime, options);
					cookie = await ownerSession(n8n);
					session.instance = n8n;
					session.cookie = cookie;
				},
				workflows: {
					intake: { shopify: 'podExShopIntake', woocommerce: 'podExWooIntake' },
					catchUp,
				},
			},
			{
				orders,
				// n8n, stopped at 5 s, ends its executions first (up to 15 s here), then is down until
				// it has started again: the orders of those seconds find no n8n at the store's webhook.
				sendMs: 45_000,
				rateLimitMs: 5_000,
				retryAfterSeconds: 3,
				refuseMs: 30_000,
				restartAtMs: 5_000,
				settleTimeoutMs: 120_000,
				log: (line) => process.stdout.write(`busiest day: ${line}\n`),
			},
		);
		process.stdout.write(`busiest day, ${ORDERS} orders: ${JSON.stringify(figures)}\n`);
		// The faults did cost orders at the intake, and some webhooks found n8n down (Shopify sent
		// them again, WooCommerce gave them up): the catch-up had work to do.
		expect(figures.lostBeforeCatchUp).toBeGreaterThan(0);
		expect(figures.webhooks.shopifyRetried + figures.webhooks.wooCommerceFailed).toBeGreaterThan(0);
		expect({
			lostAfterCatchUp: figures.lostAfterCatchUp,
			missing: figures.missing,
			duplicates: figures.duplicates,
			differences: figures.differences,
		}).toEqual({ lostAfterCatchUp: 0, missing: [], duplicates: 0, differences: [] });
		expect(figures.unequal).toBe(0);
		// Each store's first catch-up run read its list page by page, as a day of thousands needs.
		for (const platform of ['shopify', 'woocommerce'] as const) {
			const first = figures.catchUpRuns.find((run) => run.platform === platform)!;
			expect({ platform, morePages: first.listPages > 1 }).toEqual({ platform, morePages: true });
		}
	}, 240_000);

	const SHIPMENTS = 12;

	test(`${SHIPMENTS} shipments while the Shopify store is down: after the way-back catch-up, exactly one fulfillment per order, with its tracking number`, async () => {
		const orders = busiestDayOrders({ count: SHIPMENTS * 2, firstId: 8_500_000 }).filter(
			(order) => order.platform === 'shopify',
		);
		const figures = await runWayBack(
			{
				controlUrl: sandbox.controlUrl,
				serviceBaseUrl: sandbox.baseUrl,
				shopify,
				session: () => session,
				workflows: { wayBack: 'podExWayBackShop', catchUp: 'podExShopWbCatch' },
			},
			{
				orders,
				shipMs: 15_000,
				downAtMs: 0,
				downMs: 20_000,
				settleTimeoutMs: 120_000,
				log: (line) => process.stdout.write(`busiest day, the way back: ${line}\n`),
			},
		);
		process.stdout.write(`busiest day, ${SHIPMENTS} shipments: ${JSON.stringify(figures)}\n`);
		// The store being down cost fulfillments on the way back: the catch-up had work to do.
		expect(figures.lostBeforeCatchUp).toBeGreaterThan(0);
		expect({
			lostAfterCatchUp: figures.lostAfterCatchUp,
			missing: figures.missing,
			duplicates: figures.duplicates,
			wrongTracking: figures.wrongTracking,
		}).toEqual({ lostAfterCatchUp: 0, missing: [], duplicates: 0, wrongTracking: 0 });
	}, 180_000);

	const THROTTLED_SHIPMENTS = 50;

	test(`${THROTTLED_SHIPMENTS} shipped print orders through Shopify's GraphQL bucket (Standard plan: 100 points a second), emptied as the run starts and every 10 s by the app's other calls: one way-back catch-up run waits out every THROTTLED answer and delivers all ${THROTTLED_SHIPMENTS}, each once, with its tracking number`, async () => {
		const orders = busiestDayOrders({ count: THROTTLED_SHIPMENTS * 2, firstId: 8_700_000 }).filter(
			(order) => order.platform === 'shopify',
		);
		expect(orders).toHaveLength(THROTTLED_SHIPMENTS);
		const figures = await runWayBackThroughBucket(
			{
				controlUrl: sandbox.controlUrl,
				serviceBaseUrl: sandbox.baseUrl,
				shopify,
				session: () => session,
				workflows: { wayBack: 'podExWayBackShop', catchUp: 'podExShopWbCatch' },
			},
			{
				orders,
				drainEveryMs: 10_000,
				log: (line) => process.stdout.write(`busiest day, the bucket: ${line}\n`),
			},
		);
		// Shopify did throttle the run, and the run asked again within itself.
		expect(figures.throttled).toBeGreaterThan(0);
		expect({
			delivered: figures.delivered,
			missing: figures.missing,
			duplicates: figures.duplicates,
			wrongTracking: figures.wrongTracking,
		}).toEqual({ delivered: THROTTLED_SHIPMENTS, missing: [], duplicates: 0, wrongTracking: 0 });
		// None of them failed or was left for the next run.
		const named = [
			...((figures.summary.failures as string[] | undefined) ?? []),
			...((figures.summary.notDelivered as string[] | undefined) ?? []),
		];
		for (const { uniqueId } of orders) {
			expect(named.filter((line) => line.includes(`(${uniqueId})`))).toEqual([]);
		}
	}, 420_000);
});
