/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- the dev instance is a Node program, never shipped */
/**
 * `npm start`: the sandbox plus a real, pinned n8n with this package installed, an owner login,
 * a credential pointing at the sandbox and the example workflows. The examples that talk to a
 * store (the intake examples' triggers, the daily CSV's order list, the way back) get local
 * stand-ins of a Shopify and a WooCommerce store (scripts/storefronts.ts) and n8n credentials for
 * them, so that every imported workflow names credentials and stores that exist. Ctrl-C stops
 * everything.
 * `npm run start:queue` (`npm start -- --queue`): the same with n8n in queue mode
 * (scripts/queue-stack.ts).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';

import {
	DEMO,
	KIND_OPTION_NAMES,
	resolveKindOptions,
	sandboxPortFromEnv,
	startSandbox,
	variantSkuTextsFromEnv,
} from '../sandbox';
import type { N8nInstance, N8nOptions, N8nRuntime } from './n8n-runtime';
import type { QueueStackOptions, QueueStackPorts } from './queue-stack';
import {
	queueCliOptions,
	queueStackPorts,
	startQueueServices,
	startQueueStack,
} from './queue-stack';
import type { ShippedExample } from './example-imports';
import {
	hashOf,
	parseWorkflowList,
	planExampleImport,
	readImportRecords,
	writeImportRecords,
} from './example-imports';
import type { RecordedRequest } from './storefronts';
import {
	SHOPIFY_CREDENTIAL,
	WOOCOMMERCE_CREDENTIAL,
	pointedAtStandIns,
	selfSignedIdentity,
	standInCredentials,
	startShopifyStandIn,
	startWooCommerceStandIn,
	withProductSkus,
} from './storefronts';
import {
	DEV_OWNER,
	ROOT,
	ensureN8n,
	installPackage,
	n8nCli,
	ownerSession,
	packPackage,
	rest,
	startN8n,
} from './n8n-runtime';

export const SANDBOX_CREDENTIAL_ID = 'podPlatformSandbox';

/**
 * The credential a newcomer gets: the sandbox with the demo login, and the sandbox's Creator page
 * login (lowest role), which Creator → Get Snippet needs.
 */
export function sandboxCredential(baseUrl: string) {
	return {
		id: SANDBOX_CREDENTIAL_ID,
		name: 'POD Platform sandbox',
		type: 'podPlatformApi',
		data: {
			environment: 'custom',
			baseUrl,
			login: DEMO.login,
			password: DEMO.password,
			accountId: String(DEMO.accountId),
			customerKey: '',
			mediaType: 'json',
			creatorPageLogin: DEMO.users.creatorPage.login,
			creatorPagePassword: DEMO.users.creatorPage.password,
		},
	};
}

export const MCP_BEARER_CREDENTIAL_ID = 'podToolsMcpBearer';

/**
 * n8n's Bearer Auth credential the AI agent example's MCP Server Trigger checks every request
 * against: an MCP client sends `Authorization: Bearer <token>`.
 */
export function mcpBearerCredential(token: string) {
	return {
		id: MCP_BEARER_CREDENTIAL_ID,
		name: 'POD tools MCP bearer',
		type: 'httpBearerAuth',
		data: { token },
	};
}

export const SMTP_CREDENTIAL_ID = 'smtpYours';

/**
 * The SMTP credential the failed-orders email example names: a placeholder to fill in with the
 * user's mail server (nothing is sent until then).
 */
export function smtpPlaceholderCredential() {
	return {
		id: SMTP_CREDENTIAL_ID,
		name: 'SMTP (yours)',
		type: 'smtp',
		data: { user: '', password: '', host: 'smtp.example.com', port: 587, secure: false },
	};
}

/** The example workflows; their nodes name the credential the dev instance creates. */
export function exampleWorkflows(): Array<Record<string, unknown>> {
	const folder = path.join(ROOT, 'examples');
	if (!existsSync(folder)) return [];
	return readdirSync(folder)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map(
			(file) =>
				JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Record<string, unknown>,
		);
}

/** The example files with the hash of each file's bytes (how a new version is recognised). */
export function shippedExamples(): ShippedExample[] {
	const folder = path.join(ROOT, 'examples');
	if (!existsSync(folder)) return [];
	return readdirSync(folder)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => {
			const text = readFileSync(path.join(folder, file), 'utf8');
			return { file, workflow: JSON.parse(text) as Record<string, unknown>, hash: hashOf(text) };
		});
}

/**
 * The WooCommerce stand-in's documented order 727 as order 801, created yesterday at noon in n8n's
 * time zone, so that the daily CSV example (yesterday's orders, midnight to midnight there) finds
 * an order on its first run.
 */
function yesterdaysWooCommerceOrder(variantSkuTexts: boolean): Record<string, unknown> {
	const documented = JSON.parse(
		readFileSync(path.join(ROOT, 'test/fixtures/storefront/woocommerce-order.json'), 'utf8'),
	) as Record<string, unknown>;
	// A store set up for the contract gives its variations the print product's own SKU.
	const order = variantSkuTexts ? documented : withProductSkus(documented);
	const zone = process.env.GENERIC_TIMEZONE ?? 'America/New_York';
	const noon = DateTime.now().setZone(zone).startOf('day').minus({ hours: 12 });
	const local = (time: DateTime) => time.toFormat("yyyy-MM-dd'T'HH:mm:ss");
	return {
		...order,
		id: 801,
		number: '801',
		date_created: local(noon),
		date_created_gmt: local(noon.toUTC()),
	};
}

interface WorkflowVersion {
	id: string;
	name: string;
	active: boolean;
	activeVersionId?: string | null;
	activeVersion?: {
		nodes: Array<{ webhookId?: string; credentials?: Record<string, { id?: string }> }>;
	} | null;
}

/**
 * The sandbox and the stand-ins keep their webhook subscriptions in memory, so a workflow that was
 * active when the last start stopped has its trigger registered with servers that are gone, and
 * n8n, which keeps the activation in its database, does not register it again. Each active
 * workflow with a webhook node that uses a credential of this start (the sandbox, a stand-in) is
 * deactivated and activated again, its published version as it was; returns their names.
 */
async function registerActiveTriggersAgain(editor: N8nInstance, cookie: string): Promise<string[]> {
	const ours = new Set([SANDBOX_CREDENTIAL_ID, SHOPIFY_CREDENTIAL.id, WOOCOMMERCE_CREDENTIAL.id]);
	const listed = await rest<WorkflowVersion[]>(editor, cookie, 'GET', '/workflows');
	const registered: string[] = [];
	for (const { id, active } of listed) {
		if (!active) continue;
		const workflow = await rest<WorkflowVersion>(editor, cookie, 'GET', `/workflows/${id}`);
		const registers = (workflow.activeVersion?.nodes ?? []).some(
			(node) =>
				node.webhookId !== undefined &&
				Object.values(node.credentials ?? {}).some((credential) => ours.has(credential.id ?? '')),
		);
		if (!registers || !workflow.activeVersionId) continue;
		await rest(editor, cookie, 'POST', `/workflows/${id}/deactivate`, {});
		await rest(editor, cookie, 'POST', `/workflows/${id}/activate`, {
			versionId: workflow.activeVersionId,
		});
		registered.push(workflow.name);
	}
	return registered;
}

/** A running n8n of the dev instance: one process, or the queue-mode stack. */
interface DevN8n {
	/** The process serving the editor and REST API. */
	editor: N8nInstance;
	webhookUrl: string;
	/**
	 * Where MCP clients connect: one process holds an MCP session, so in queue mode one webhook
	 * process directly, not the round-robin balancer (n8n's docs route all `/mcp*` to one).
	 */
	mcpUrl: string;
	describe: string[];
	stop(): Promise<void>;
	/** Calls back when an n8n process exits on its own. */
	onCrash(callback: (output: string) => void): void;
}

async function startSingle(runtime: N8nRuntime, options: N8nOptions): Promise<DevN8n> {
	const n8n = await startN8n(runtime, options);
	return {
		editor: n8n,
		webhookUrl: n8n.url,
		mcpUrl: n8n.url,
		describe: ['n8n: one process on SQLite'],
		stop: async () => await n8n.stop(),
		onCrash: (callback) => n8n.process.once('exit', () => callback(n8n.output())),
	};
}

async function startQueue(
	runtime: N8nRuntime,
	stackOptions: QueueStackOptions,
	ports: QueueStackPorts,
): Promise<DevN8n> {
	const stack = await startQueueStack(runtime, stackOptions, ports);
	const { services } = stackOptions;
	const processes = [stack.main, ...stack.workers, ...stack.webhookProcesses];
	return {
		editor: stack.main,
		webhookUrl: stack.balancer.url,
		mcpUrl: stack.webhookProcesses[0].url,
		describe: [
			`n8n: queue mode, main ${stack.main.url}, ${stack.workers.length} workers, ${stack.webhookProcesses.length} webhook processes behind ${stack.balancer.url}`,
			`Postgres: 127.0.0.1:${services.postgresPort}, Redis: 127.0.0.1:${services.redisPort}`,
		],
		stop: async () => {
			await stack.stop();
			await services.stop();
		},
		onCrash: (callback) => {
			for (const instance of processes) {
				instance.process.once('exit', () => callback(instance.output()));
			}
		},
	};
}

/** The one flag `npm start` takes; the sandbox's port and extension come from the environment. */
const START_FLAGS = ['--queue'];

/**
 * The command line and the sandbox's variables, checked before anything starts: a mistyped flag
 * (say `--port 0`, which is `npm run sandbox`'s) never starts an instance other than the one asked for.
 */
function startOptions(args: string[], env: NodeJS.ProcessEnv) {
	const unknown = args.find((arg) => !START_FLAGS.includes(arg));
	if (unknown !== undefined) {
		throw new Error(
			`Unknown argument ${JSON.stringify(unknown)}; npm start takes ${START_FLAGS.join(', ')} (npm run start:queue). The sandbox's port comes from SANDBOX_PORT (0 = any free port), its kinder behaviours from SANDBOX_OPTIONS (all, or a comma list), its variant SKU texts also from SANDBOX_VARIANT_SKU_TEXTS=1`,
		);
	}
	// Read here, not left to startSandbox, so that a bad SANDBOX_OPTIONS stops npm start before n8n.
	const kind = resolveKindOptions({}, env);
	return {
		queue: args.includes('--queue'),
		sandboxPort: sandboxPortFromEnv(env),
		kind: { ...kind, variantSkuTexts: kind.variantSkuTexts || variantSkuTextsFromEnv(env) },
	};
}

async function main() {
	let start: ReturnType<typeof startOptions>;
	try {
		start = startOptions(process.argv.slice(2), process.env);
	} catch (error) {
		// Everything startOptions throws is a refused command line or environment.
		console.error((error as Error).message);
		process.exit(2);
	}
	const { queue, sandboxPort, kind } = start;
	const { variantSkuTexts } = kind;
	const n8nPort = Number(process.env.N8N_PORT ?? 5678);
	const userFolder = path.resolve(
		process.env.POD_DEV_FOLDER ?? path.join(ROOT, queue ? '.n8n-dev-queue' : '.n8n-dev'),
	);

	const runtime = await ensureN8n({ onProgress: (line) => console.log(line) });
	console.log(`n8n ${runtime.version}: ${runtime.n8nDir}`);

	// SANDBOX_OPTIONS=all npm start (or SANDBOX_VARIANT_SKU_TEXTS=1): the sandbox's kinder
	// behaviours (sandbox/README.md, Options); by default the contract's plainest reading.
	const sandbox = await startSandbox({
		port: sandboxPort,
		autoAdvance: true,
		demoOrders: true,
		...kind,
	});
	const on = KIND_OPTION_NAMES.filter((name) => kind[name]);
	if (on.length) console.log(`Sandbox options on: ${on.join(', ')}`);
	console.log(
		`Sandbox:  ${sandbox.baseUrl}  (control: ${sandbox.controlUrl})${variantSkuTexts ? ', with variant SKU texts' : ''}`,
	);
	const logRequest = (store: string) => (request: RecordedRequest) =>
		console.log(
			`${store} stand-in: ${request.method} ${request.path} -> ${request.status}${request.body === undefined ? '' : ` ${JSON.stringify(request.body)}`}`,
		);
	// n8n's Shopify node (the catch-up example) calls Shopify over HTTPS: every n8n process of this
	// start trusts the stand-in's certificate (n8nEnv hands this process's environment on), beside
	// any the user's environment names already.
	mkdirSync(userFolder, { recursive: true });
	const standInIdentity = selfSignedIdentity(userFolder);
	const trusted = path.join(userFolder, 'trusted-certificates.pem');
	const already = process.env.NODE_EXTRA_CA_CERTS;
	writeFileSync(
		trusted,
		`${already && existsSync(already) ? `${readFileSync(already, 'utf8')}\n` : ''}${standInIdentity.cert}`,
	);
	process.env.NODE_EXTRA_CA_CERTS = trusted;
	const shopify = await startShopifyStandIn({
		port: Number(process.env.SHOPIFY_STANDIN_PORT ?? 8788),
		accessToken: 'stand-in-access-token',
		onRequest: logRequest('Shopify'),
		tls: standInIdentity,
	});
	const wooCommerce = await startWooCommerceStandIn({
		port: Number(process.env.WOOCOMMERCE_STANDIN_PORT ?? 8789),
		consumerKey: 'ck_stand_in',
		consumerSecret: 'cs_stand_in',
		onRequest: logRequest('WooCommerce'),
	});
	wooCommerce.addOrder(yesterdaysWooCommerceOrder(variantSkuTexts));
	const closeStandIns = async () => {
		await shopify.close();
		await wooCommerce.close();
	};

	let options: N8nOptions = { userFolder, port: n8nPort };
	let stackOptions: QueueStackOptions | undefined;
	let ports: QueueStackPorts | undefined;
	mkdirSync(userFolder, { recursive: true });
	if (queue) {
		console.log('Starting Postgres and Redis (installed from Debian packages when missing)...');
		const services = await startQueueServices(path.join(userFolder, 'queue'));
		stackOptions = { services, userFolder, mainPort: n8nPort };
		ports = await queueStackPorts(stackOptions);
		options = queueCliOptions(stackOptions, ports);
	}

	console.log('Building and installing the package into n8n...');
	const tarball = await packPackage(path.join(userFolder, 'packages'));
	await installPackage(userFolder, tarball);

	const importFolder = path.join(userFolder, 'import');
	mkdirSync(importFolder, { recursive: true });
	const credentialsFile = path.join(importFolder, 'credentials.json');
	writeFileSync(
		credentialsFile,
		JSON.stringify(
			[
				sandboxCredential(sandbox.baseUrl),
				...standInCredentials(shopify, wooCommerce),
				smtpPlaceholderCredential(),
			],
			null,
			2,
		),
	);
	await n8nCli(runtime, options, ['import:credentials', `--input=${credentialsFile}`]);
	// A new token on every start, printed with the logins below; its import file is removed at once.
	const mcpToken = randomBytes(24).toString('base64url');
	const mcpCredentialFile = path.join(importFolder, 'mcp-credential.json');
	try {
		writeFileSync(mcpCredentialFile, JSON.stringify([mcpBearerCredential(mcpToken)]), {
			mode: 0o600,
		});
		await n8nCli(runtime, options, ['import:credentials', `--input=${mcpCredentialFile}`]);
	} finally {
		rmSync(mcpCredentialFile, { force: true });
	}
	const shipped = shippedExamples().map((example) => ({
		...example,
		workflow: pointedAtStandIns([example.workflow], shopify, wooCommerce)[0],
	}));
	const recordsFile = path.join(userFolder, 'examples-imported.json');
	const { stdout: listed } = await n8nCli(runtime, options, ['list:workflow']);
	const plan = planExampleImport(
		shipped,
		parseWorkflowList(listed),
		readImportRecords(recordsFile),
		new Date().toISOString().slice(0, 10),
	);
	if (plan.toImport.length) {
		const workflowsFile = path.join(importFolder, 'workflows.json');
		writeFileSync(workflowsFile, JSON.stringify(plan.toImport, null, 2));
		await n8nCli(runtime, options, ['import:workflow', `--input=${workflowsFile}`]);
	}
	writeImportRecords(recordsFile, plan.records);
	console.log(`Example workflows (examples/; what n8n holds is never overwritten):`);
	for (const line of plan.report) console.log(`  ${line}`);

	console.log('Starting n8n...');
	const n8n =
		stackOptions && ports
			? await startQueue(runtime, stackOptions, ports)
			: await startSingle(runtime, options);
	const cookie = await ownerSession(n8n.editor);
	for (const name of await registerActiveTriggersAgain(n8n.editor, cookie)) {
		console.log(
			`Active workflow "${name}": its trigger registered again with this start's servers`,
		);
	}

	console.log('');
	for (const line of n8n.describe) console.log(line);
	console.log(`n8n editor: ${n8n.editor.url}`);
	console.log(`  login:    ${DEV_OWNER.email} / ${DEV_OWNER.password}`);
	console.log(`  webhooks: ${n8n.webhookUrl}/webhook/...`);
	console.log(`Sandbox:    ${sandbox.baseUrl}`);
	console.log(
		`  login:    ${DEMO.login} / ${DEMO.password} (account ${DEMO.accountId}, shop ${DEMO.shopId})`,
	);
	console.log(
		`  Creator page login: ${DEMO.users.creatorPage.login} / ${DEMO.users.creatorPage.password} (ROLE_AUTHORIZED_USER)`,
	);
	console.log(
		`  credential "POD Platform sandbox" is ready in n8n; demo orders DEMO-1001 to DEMO-1004 (IDs 10001 to 10004: shipped, in production, ready for production, awaiting payment)`,
	);
	console.log(
		`  an order event for the trigger examples: curl -X POST ${sandbox.controlUrl}/orders/10002/ship (or /orders/10004/pay)`,
	);
	console.log(
		`Shopify stand-in:     ${shopify.url} (credential "Shopify stand-in"; knows order 450789469)`,
	);
	console.log(
		`WooCommerce stand-in: ${wooCommerce.url} (credential "WooCommerce stand-in"; knows order 727, and order 801 of yesterday for the daily CSV example)`,
	);
	console.log(
		'  the intake examples hold those two orders as pinned data: Execute workflow submits them as print orders shopify-450789469 and woocommerce-727',
	);
	console.log(
		'  a print order with Unique ID shopify-450789469 or woocommerce-727, once shipped, reaches them through the way-back examples (activate them first)',
	);
	console.log(
		"  the catch-up examples (Run Now) read each store's orders changed in the last 24 hours: the stand-ins' documented orders are older, so a run reads yesterday's order 801 at most",
	);
	console.log(
		'  "Failed storefront orders to an email" is the intake and catch-up examples\' error workflow; its credential "SMTP (yours)" is a placeholder to fill in',
	);
	console.log(
		`MCP server of "POD tools for your AI agent" (activate it first): ${n8n.mcpUrl}/mcp/pod-tools`,
	);
	console.log(
		`  header:   Authorization: Bearer ${mcpToken} (credential "POD tools MCP bearer", new on every start)`,
	);
	console.log('Press Ctrl-C to stop.');

	let stopping = false;
	const stop = async () => {
		if (stopping) return;
		stopping = true;
		console.log('\nStopping n8n, the sandbox and the storefront stand-ins...');
		await n8n.stop();
		await sandbox.close();
		await closeStandIns();
		process.exit(0);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
	n8n.onCrash(async (output) => {
		if (stopping) return;
		stopping = true;
		console.error(`an n8n process exited:\n${output.slice(-3000)}`);
		await n8n.stop();
		await sandbox.close();
		await closeStandIns();
		process.exit(1);
	});
}

if (require.main === module) {
	main().catch((error) => {
		console.error(error);
		process.exit(1);
	});
}
