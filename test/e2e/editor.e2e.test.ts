/* eslint-disable @n8n/community-nodes/no-restricted-imports -- drives a real n8n editor in a browser, never shipped */
/**
 * The editor as a merchant sees it: a real, pinned n8n with the packed package, the sandbox
 * behind its credential, and Debian's Chromium signing in through the sign-in page. The nodes
 * panel finds the nodes by the words merchants type. Every operation of every resource is opened
 * with its defaults (one entry added to each list), and every problem the panel shows is gathered
 * into one list; the dropdowns cascade from the shop to the product, its colors and the sizes of
 * the chosen color (Order → Add Product, and Submit's designs down to the print area); the filter
 * builder's Operator keeps "Equals"; the credential form opens, with Media Type behind Show
 * Advanced Settings, and Order → Get Many runs against the sandbox; added as a tool of the MCP
 * Server Trigger the node opens on a read. Each test starts on a page and a workflow of its own.
 * Screenshots go to docs/editor/.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INodeTypeDescription } from 'n8n-workflow';
import type { Locator, Page } from 'playwright-core';
import { request } from 'undici';

import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { sandboxCredential } from '../../scripts/dev';
import type { N8nInstance, N8nOptions, N8nRuntime } from '../../scripts/n8n-runtime';
import {
	DEV_OWNER,
	PACKAGE_NAME,
	ROOT,
	ensureN8n,
	freePort,
	installPackage,
	n8nCli,
	ownerSession,
	packPackage,
	rest,
	startN8n,
} from '../../scripts/n8n-runtime';
import { CSV_COLUMNS } from '../../nodes/PodPlatform/actions/csvImport/csv';
import { resourcesAndOperations } from '../support/nodeDescriptions';
import { ServiceClient, submitOrder } from '../support/service';
import type { Browser } from './editor/browser';
import { openBrowser } from './editor/browser';
import type { Problem } from './editor/editorPage';
import {
	addNode,
	addOneEntryToEachList,
	addToolTo,
	choose,
	chooseFrom,
	closeNdv,
	fieldByLabel,
	isExpression,
	listEntriesOf,
	listEntryStates,
	newWorkflow,
	openNode,
	panelProblems,
	parameterInput,
	parameters,
	settle,
	shownLabels,
	shownValue,
	signIn,
} from './editor/editorPage';

jest.setTimeout(300_000);

/** Where the screenshots go (named in CONTRIBUTING.md, The editor check), overwritten on every run. */
const SCREENSHOTS = path.join(ROOT, 'docs', 'editor');

/** The nodes panel's cards of this package, by the titles it shows. */
const APP = 'POD Platform';
const POLL_APP = 'POD Platform Poll';

/** The sandbox's demo shop and its catalog (sandbox/seed.ts): the black T-shirt has no 3XL. */
const SHOP = 'Demo Merch Shop';
const PRODUCTS = ['Classic T-Shirt', 'Hoodie', 'Tote Bag', 'IPod Nano - 8gb', 'Ship Your Idea'];
const T_SHIRT_COLORS = ['White', 'Black'];
const HOODIE_COLORS = ['Navy', 'Grey'];
const WHITE_T_SHIRT_SIZES = ['S', 'M', 'L', 'XL', 'XXL', '3XL'];
const BLACK_T_SHIRT_SIZES = ['S', 'M', 'L', 'XL', 'XXL'];

let runtime: N8nRuntime;
let sandbox: Sandbox;
let n8n: N8nInstance;
let options: N8nOptions;
let workFolder: string;
let browser: Browser;
let page: Page;
let actionNode: INodeTypeDescription;
/** The owner's session on n8n's REST API, for workflows saved as an older version would be. */
let cookie: string;

async function screenshot(name: string): Promise<void> {
	await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

beforeAll(async () => {
	runtime = await ensureN8n();
	sandbox = await startSandbox({ port: 0, autoAdvance: true });
	// An order for Order → Get Many to show: the demo shop starts without any.
	await submitOrder(ServiceClient.as(sandbox.baseUrl));
	workFolder = mkdtempSync(path.join(tmpdir(), 'pod-platform-editor-'));
	const userFolder = path.join(workFolder, 'n8n');
	options = { userFolder, port: await freePort() };

	const tarball = await packPackage(path.join(workFolder, 'package'));
	await installPackage(userFolder, tarball);

	const credentialsFile = path.join(workFolder, 'credentials.json');
	writeFileSync(credentialsFile, JSON.stringify([sandboxCredential(sandbox.baseUrl)]));
	await n8nCli(runtime, options, ['import:credentials', `--input=${credentialsFile}`]);
	n8n = await startN8n(runtime, options);
	// Creates the owner login; the browser then signs in with it through the sign-in page.
	cookie = await ownerSession(n8n);
	// The action node's description as the editor gets it from n8n (the build just packed).
	const types = await request(`${n8n.url}/types/nodes.json`, { headers: { cookie } });
	actionNode = ((await types.body.json()) as INodeTypeDescription[]).find(
		(node) => node.name === `${PACKAGE_NAME}.podPlatform`,
	)!;

	mkdirSync(SCREENSHOTS, { recursive: true });
	browser = await openBrowser(n8n.url);
	page = await browser.freshPage();
	await signIn(page, DEV_OWNER);
}, 45 * 60_000);

/** Every test: a page of its own on a new workflow (the browser keeps the sign-in). */
beforeEach(async () => {
	page = await browser.freshPage();
	await newWorkflow(page);
});

afterEach(async () => {
	// What the browser showed last, for diagnosing a failure.
	const name = expect.getState().currentTestName ?? 'test';
	await page
		?.screenshot({
			path: path.join(
				tmpdir(),
				`pod-platform-editor-${name.replace(/\W+/g, '-').slice(0, 60)}.png`,
			),
		})
		.catch(() => undefined);
});

afterAll(async () => {
	await browser?.close();
	if (n8n) writeFileSync(path.join(tmpdir(), 'pod-platform-editor-n8n.log'), n8n.output());
	await n8n?.stop();
	await sandbox?.close();
	if (workFolder) rmSync(workFolder, { recursive: true, force: true });
});

/** One line per problem: node › resource › operation › field: message. */
const listed = (problems: Problem[]) =>
	problems.map((problem) => `${problem.where} › ${problem.field}: ${problem.message}`);

/** The action the nodes panel lists for an operation (its `action` text in the description). */
function actionOf(resource: string, operation: string): string {
	const found = resourcesAndOperations(actionNode.properties)
		.find((entry) => entry.resource.value === resource)
		?.operations.find((entry) => entry.value === operation);
	if (!found?.action)
		throw new Error(`The action node has no operation ${resource} › ${operation}`);
	return found.action;
}

/** What merchants type in the nodes panel looking for this package (the codex files' aliases). */
const MERCHANT_WORDS = ['print', 'print on demand', 't-shirt', 'merch', 'fulfillment'];

test(
	'the three nodes, found in the nodes panel by the words merchants type, and every operation of every resource with its defaults, show no problem',
	async () => {
		const problems: Problem[] = [];

		await addNode(page, { title: APP, action: 'On order updated' });
		problems.push(...(await panelProblems(page, 'POD Platform Trigger')));
		await screenshot('trigger');
		await closeNdv(page);

		// The words merchants type find the nodes (their codex aliases), not only "POD".
		const creator = page.getByTestId('node-creator');
		await page.getByTestId('node-creator-plus-button').click();
		const unfound: string[] = [];
		for (const word of MERCHANT_WORDS) {
			await page.getByTestId('node-creator-search-bar').fill(word);
			const card = creator
				.getByTestId('item-iterator-item')
				.filter({ has: page.getByText(APP, { exact: true }) })
				.first();
			if (
				!(await card.waitFor({ timeout: 10_000 }).then(
					() => true,
					() => false,
				))
			)
				unfound.push(word);
			if (word === 'print') await screenshot('nodes-panel-print');
		}
		await page.keyboard.press('Escape');
		await creator.waitFor({ state: 'hidden' });
		expect(unfound).toEqual([]);

		await addNode(page, { title: POLL_APP });
		problems.push(...(await panelProblems(page, 'POD Platform Poll Trigger')));
		await screenshot('poll-trigger');
		await closeNdv(page);

		const resources = resourcesAndOperations(actionNode.properties);
		const [first] = resources;
		await addNode(page, { title: APP, action: String(first.operations[0].action) });
		let opened = 0;
		for (const { resource, operations } of resources) {
			await choose(page, parameterInput(page, 'resource'), resource.name);
			for (const operation of operations) {
				await choose(page, parameterInput(page, 'operation'), operation.name);
				await addOneEntryToEachList(page);
				const where = `POD Platform › ${resource.name} › ${operation.name}`;
				problems.push(...(await panelProblems(page, where)));
				opened++;
				if (resource.value === 'order' && operation.value === 'submit')
					await screenshot('order-submit');
			}
		}
		expect(opened).toBe(resources.reduce((sum, { operations }) => sum + operations.length, 0));
		expect(opened).toBeGreaterThan(40);
		expect(listed(problems)).toEqual([]);
	},
	40 * 60_000,
);

/** An entry's label without the ID the list shows after it: "Hoodie (1002)" → "Hoodie". */
const withoutId = (label: string) => label.replace(/\s*\(\d+\)$/, '');

/**
 * A dropdown walk that notes every list that does not offer what it should and goes on, so one
 * run names every broken step of a cascade. `within` narrows the fields to one list entry.
 */
class Cascade {
	readonly wrong: string[] = [];

	constructor(private readonly within?: () => Locator) {}

	private async field(label: RegExp): Promise<Locator> {
		return await fieldByLabel(page, label, this.within?.());
	}

	/** The labels a field's dropdown offers, without their IDs. */
	async entries(label: RegExp): Promise<string[]> {
		return (await listEntriesOf(page, await this.field(label))).map(withoutId);
	}

	/** Note when the field does not offer exactly `expected` (in this order); `after` says when. */
	async expectEntries(label: RegExp, expected: string[], after: string): Promise<string[]> {
		let shown: string[];
		try {
			shown = await this.entries(label);
		} catch (error) {
			this.wrong.push(`${after}: ${(error as Error).message}`);
			return [];
		}
		if (JSON.stringify(shown) !== JSON.stringify(expected)) {
			this.wrong.push(
				`${after}: ${label} offers [${shown.join(', ')}], expected [${expected.join(', ')}]`,
			);
		}
		return shown;
	}

	/**
	 * What a field shows, the entries its list offers, and those it lists but does not let be
	 * chosen: how a value left from an earlier product reads.
	 */
	async state(label: RegExp): Promise<{ shows: string; offers: string[]; cannotChoose: string[] }> {
		const field = await this.field(label);
		await field.scrollIntoViewIfNeeded();
		const shows = await shownValue(field);
		const { offered, disabled } = await listEntryStates(page, await this.field(label));
		return { shows, offers: offered.map(withoutId), cannotChoose: disabled };
	}

	/** Choose the entry whose label, without its ID, is `name`, and check that it stays chosen. */
	async choose(label: RegExp, name: string): Promise<void> {
		const pick = (offered: string[]) => offered.find((entry) => withoutId(entry) === name);
		let result = await chooseFrom(page, await this.field(label), pick);
		// A searchable list may show the chosen entry alone before its search answers (slowly on
		// a busy machine): look again a little later.
		for (let retry = 0; retry < 3 && result.chosen === undefined; retry++) {
			await page.waitForTimeout(2000);
			result = await chooseFrom(page, await this.field(label), pick);
		}
		if (result.chosen === undefined)
			throw new Error(
				`${label} offers no "${name}": [${result.offered.join(', ')}]; ${this.wrong.join('; ')}`,
			);
		const shown = withoutId(await shownValue(await this.field(label)));
		if (shown !== name) this.wrong.push(`${label} shows "${shown}" after choosing "${name}"`);
	}
}

/**
 * Choose the sandbox's demo shop in the Shop field (a list of the account's shops); fails naming
 * the shops listed when it is not among them.
 */
async function chooseShop(cascade: Cascade): Promise<void> {
	await cascade.choose(/^Shop$/, SHOP);
}

test("Order → Add Product's dropdowns cascade: shop, product, color, and the sizes of that color", async () => {
	await addNode(page, { title: APP, action: actionOf('order', 'addProduct') });
	const cascade = new Cascade();
	const product = /^Product$/;
	const color = /^(Assigned )?Color/;
	const size = /^(Assigned )?Size/;
	// Before anything is chosen, Color and Size explain what fills them (not "choose one").
	const hints = {
		color: await (await fieldByLabel(page, color)).innerText(),
		size: await (await fieldByLabel(page, size)).innerText(),
	};
	expect({
		color: hints.color.includes("The product's colors appear here once a product is set above"),
		size: hints.size.includes(
			'The sizes orderable in the chosen color appear here once a color is set above',
		),
		listedOnce: /Listed once/.test(hints.color + hints.size),
	}).toEqual({ color: true, size: true, listedOnce: false });

	await chooseShop(cascade);
	await cascade.expectEntries(product, PRODUCTS, `Shop "${SHOP}"`);
	await cascade.choose(product, 'Hoodie');
	await cascade.expectEntries(color, HOODIE_COLORS, 'Product "Hoodie"');
	await cascade.choose(product, 'Classic T-Shirt');
	await cascade.expectEntries(color, T_SHIRT_COLORS, 'Product "Classic T-Shirt"');

	await cascade.choose(color, 'White');
	await cascade.expectEntries(size, WHITE_T_SHIRT_SIZES, 'Classic T-Shirt in White');
	await cascade.choose(color, 'Black');
	await cascade.expectEntries(size, BLACK_T_SHIRT_SIZES, 'Classic T-Shirt in Black');
	await cascade.choose(size, 'M');
	await screenshot('order-add-product-cascade');
	expect(cascade.wrong).toEqual([]);
});

test("Order → Submit's dropdowns cascade: shop, design product, color, size, print area", async () => {
	await addNode(page, { title: APP, action: actionOf('order', 'submit') });
	const designs = () => parameters(page).getByTestId('fixed-collection-designs');
	const cascade = new Cascade(designs);
	const product = /^Product( Name or ID)?$/;
	const color = /^(Assigned )?Color/;
	const size = /^(Assigned )?Size/;

	await chooseShop(new Cascade());
	await designs().getByTestId('fixed-collection-add').first().click();
	await settle(page);
	await cascade.expectEntries(product, PRODUCTS, `Shop "${SHOP}"`);
	await cascade.choose(product, 'Hoodie');
	await cascade.expectEntries(color, HOODIE_COLORS, 'Design product "Hoodie"');
	await cascade.choose(product, 'Classic T-Shirt');
	await cascade.expectEntries(color, T_SHIRT_COLORS, 'Design product "Classic T-Shirt"');

	await cascade.choose(color, 'White');
	await cascade.expectEntries(size, WHITE_T_SHIRT_SIZES, 'Classic T-Shirt in White');
	await cascade.choose(color, 'Black');
	await cascade.expectEntries(size, BLACK_T_SHIRT_SIZES, 'Classic T-Shirt in Black');
	await cascade.choose(size, 'M');

	await designs().getByText('Add Print', { exact: true }).click();
	await settle(page);
	const areas = await cascade.expectEntries(
		/^Print Area/,
		// The sandbox names each print area after its view (sandbox/seed.ts).
		['FRONT print area', 'BACK print area'],
		'Classic T-Shirt, Add Print',
	);
	if (areas.length > 0) await cascade.choose(/^Print Area/, areas[0]);
	await screenshot('order-submit-cascade');
	// The design's product changes: the print's Print Area list follows it at once (the tote bag
	// has a front only), without the panel being reopened.
	await cascade.choose(product, 'Tote Bag');
	await cascade.expectEntries(
		/^Print Area/,
		['FRONT print area'],
		'Design product changed to "Tote Bag"',
	);
	expect(cascade.wrong).toEqual([]);
});

/** The sandbox's hoodie and tote bag (sandbox/seed.ts): none of their IDs is a T-shirt's. */
const HOODIE_SIZES = ['S', 'M', 'L', 'XL'];
const HOODIE_AREAS = ['FRONT print area', 'BACK print area'];

/**
 * How a value left from an earlier product reads once the product changed: n8n keeps the value
 * and would show the old entry's label ("Black (2002)" on a hoodie); the list marks it instead,
 * as an entry that cannot be chosen, and offers the new product's entries.
 */
const left = (value: string, offeredFor: string, offers: string[]) => {
	const mark = `Choose again: ${value} is not offered for ${offeredFor}`;
	return { shows: mark, offers, cannotChoose: [mark] };
};
/**
 * A field chosen again: it shows the new entry. (Its list still holds the marked entry, which
 * cannot be chosen, until the list is loaded again: n8n reloads a list when what it depends on
 * changes, not when its own value does.)
 */
const chosen = (shows: string, offers: string[]) => ({
	shows,
	offers,
	cannotChoose: expect.any(Array) as unknown,
});

test("Order → Submit: after the design's product changes, the Color, Size and Print Area chosen for the old product are marked, and the Print Area list offers the new product's areas", async () => {
	await addNode(page, { title: APP, action: actionOf('order', 'submit') });
	const designs = () => parameters(page).getByTestId('fixed-collection-designs');
	const cascade = new Cascade(designs);
	const product = /^Product( Name or ID)?$/;
	const color = /^(Assigned )?Color/;
	const size = /^(Assigned )?Size/;
	const area = /^Print Area/;

	await chooseShop(new Cascade());
	await designs().getByTestId('fixed-collection-add').first().click();
	await settle(page);
	await cascade.choose(product, 'Classic T-Shirt');
	await cascade.choose(color, 'Black');
	await cascade.choose(size, 'M');
	await designs().getByText('Add Print', { exact: true }).click();
	await settle(page);
	await cascade.choose(area, 'FRONT print area');

	// The T-shirt's black (2002), M (3002) and front area (4001) are none of the hoodie's.
	await cascade.choose(product, 'Hoodie');
	const afterChange = {
		color: await cascade.state(color),
		size: await cascade.state(size),
		area: await cascade.state(area),
	};
	await (await fieldByLabel(page, color, designs())).scrollIntoViewIfNeeded();
	await screenshot('order-submit-stale-size');
	expect(afterChange).toEqual({
		color: left('2002', 'Hoodie', HOODIE_COLORS),
		// Sizes are listed for the chosen color, which is itself one of the T-shirt's: none.
		size: left('3002', 'Hoodie', []),
		area: left('4001', 'Hoodie', HOODIE_AREAS),
	});

	// Choosing again, field by field: the size stays marked until it is chosen again.
	await cascade.choose(color, 'Navy');
	const navy = await cascade.state(size);
	await cascade.choose(size, 'M');
	await cascade.choose(area, 'BACK print area');
	expect({
		navy,
		color: await cascade.state(color),
		size: await cascade.state(size),
		area: await cascade.state(area),
		problems: listed(await panelProblems(page, 'Order › Submit')),
		wrong: cascade.wrong,
	}).toEqual({
		navy: left('3002', 'Hoodie in Navy', HOODIE_SIZES),
		color: chosen('Navy (2011)', HOODIE_COLORS),
		size: chosen('M (3012)', HOODIE_SIZES),
		area: chosen('BACK print area (4012)', HOODIE_AREAS),
		problems: [],
		wrong: [],
	});
});

test("Order → Add Product: after the product changes, the Color, Size and print View chosen for the old product are marked, and the View list offers the new product's views", async () => {
	await addNode(page, { title: APP, action: actionOf('order', 'addProduct') });
	const cascade = new Cascade();
	const product = /^Product$/;
	const color = /^(Assigned )?Color/;
	const size = /^(Assigned )?Size/;
	const view = /^View/;

	await chooseShop(cascade);
	await cascade.choose(product, 'Classic T-Shirt');
	await cascade.choose(color, 'Black');
	await cascade.choose(size, 'M');
	await parameters(page).getByText('Add Print', { exact: true }).click();
	await settle(page);
	await cascade.choose(view, 'BACK');

	// The tote bag has one color (2021), one size (3021) and a front only.
	await cascade.choose(product, 'Tote Bag');
	const afterChange = {
		color: await cascade.state(color),
		size: await cascade.state(size),
		view: await cascade.state(view),
	};
	await (await fieldByLabel(page, color)).scrollIntoViewIfNeeded();
	await screenshot('order-add-product-stale-size');
	expect(afterChange).toEqual({
		color: left('2002', 'Tote Bag', ['Natural']),
		size: left('3002', 'Tote Bag', []),
		view: left('BACK', 'Tote Bag', ['FRONT']),
	});

	await cascade.choose(color, 'Natural');
	const natural = await cascade.state(size);
	await cascade.choose(size, 'One Size');
	await cascade.choose(view, 'FRONT');
	expect({
		natural,
		color: await cascade.state(color),
		size: await cascade.state(size),
		view: await cascade.state(view),
		problems: listed(await panelProblems(page, 'Order › Add Product')),
		wrong: cascade.wrong,
	}).toEqual({
		natural: left('3002', 'Tote Bag in Natural', ['One Size']),
		color: chosen('Natural (2021)', ['Natural']),
		size: chosen('One Size (3021)', ['One Size']),
		view: chosen('FRONT', ['FRONT']),
		problems: [],
		wrong: [],
	});
});

test('the filter builder keeps Operator "Equals" chosen, with no expression and no issue', async () => {
	await addNode(page, { title: APP, action: actionOf('order', 'getAll') });
	await chooseShop(new Cascade());
	// The merchant filters, each added from the Filters collection as a merchant does.
	const addFilter = parameters(page).getByTestId('collection-parameter-add').first();
	const offered = await listEntriesOf(page, addFilter);
	for (const filter of offered) await choose(page, addFilter, filter);
	await screenshot('order-get-many');
	expect(offered.length).toBeGreaterThan(2);

	await choose(page, await fieldByLabel(page, /^Filter$/), 'Advanced: Build');
	const conditions = parameters(page).getByTestId('fixed-collection-filterConditions');
	await conditions.getByTestId('fixed-collection-add').first().click();
	await settle(page);
	const operator = /^Operator$/;
	// Another operator first, then Equals: the choice is made, not left at the default.
	await choose(page, await fieldByLabel(page, operator, conditions), 'Not Equals');
	await choose(page, await fieldByLabel(page, operator, conditions), 'Equals');
	await page.waitForTimeout(500);

	const field = await fieldByLabel(page, operator, conditions);
	const state = {
		shown: (await isExpression(field)) ? '(an expression)' : await shownValue(field),
		issues: await panelProblems(page, 'Order › Get Many › Conditions'),
	};
	await screenshot('order-get-many-build-filter');
	expect(state).toEqual({ shown: 'Equals', issues: [] });
});

test('Order → Get Many shows its output after a run against the sandbox, and the credential form opens from the node, its test passing and Media Type behind Show Advanced Settings', async () => {
	await addNode(page, { title: APP, action: actionOf('order', 'getAll') });
	const credential = page.getByTestId('node-credentials-select');
	await expect(credential.locator('input').inputValue()).resolves.toContain('POD Platform sandbox');

	await chooseShop(new Cascade());
	await page.getByTestId('node-execute-button').first().click();
	const output = page.getByTestId('output-panel');
	const rows = output.getByTestId('ndv-data-container').locator('table tbody tr');
	await rows
		.first()
		.waitFor({ timeout: 60_000 })
		.catch(async () => {
			throw new Error(`Order → Get Many showed no table of orders: ${await output.innerText()}`);
		});
	expect(await rows.count()).toBeGreaterThan(0);
	await screenshot('order-get-many-output');

	// Last: the form covers the node's panel, and Escape would close both.
	await page.getByTestId('credential-edit-button').click();
	const dialog = page.getByTestId('credential-edit-dialog');
	await dialog.waitFor();
	// n8n tests a stored credential when its form opens; the sandbox login must pass.
	await dialog
		.getByText('Connection tested successfully')
		.waitFor({ timeout: 30_000 })
		.catch(async () => {
			throw new Error(`The credential form did not pass its test: ${await dialog.innerText()}`);
		});
	// The notice says where the login comes from and which role it needs; Media Type, a detail of
	// the deployment, is not in the main form but behind Show Advanced Settings.
	const notice = await dialog.innerText();
	const lines = notice.split('\n').map((line) => line.trim());
	await screenshot('credential');
	const toggle = dialog.locator('.el-switch');
	const switches = await toggle.count();
	if (switches === 1) await toggle.click();
	const mediaTypeOnceAdvanced = await dialog
		.getByText('Media Type', { exact: true })
		.waitFor({ timeout: 10_000 })
		.then(
			() => true,
			() => false,
		);
	expect({
		where: notice.includes('the account login of a user of your POD Platform account'),
		role: notice.includes('ROLE_SHOP_ADMIN'),
		mediaTypeInMainForm: lines.includes('Media Type'),
		advanced: lines.includes('Show Advanced Settings'),
		switches,
		mediaTypeOnceAdvanced,
	}).toEqual({
		where: true,
		role: true,
		mediaTypeInMainForm: false,
		advanced: true,
		switches: 1,
		mediaTypeOnceAdvanced: true,
	});
});

test('Order → Get Many › Orders: Needs Attention shows Older Than (Hours) with no issue, and each listed order with why and what to do', async () => {
	// An order with a complaint: listed at any age. The sandbox moves orders on until shipped.
	const id = await submitOrder(ServiceClient.as(sandbox.baseUrl), { uniqueId: 'EDITOR-COMPLAINT' });
	const controlled = async (method: 'GET' | 'POST', where: string, body?: unknown) => {
		const answer = await request(`${sandbox.controlUrl}${where}`, {
			method,
			headers: { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return (await answer.body.json()) as { fulfilmentStatus?: string };
	};
	for (
		let tries = 0;
		(await controlled('GET', `/orders/${id}`)).fulfilmentStatus !== 'FINISHED';
		tries++
	) {
		if (tries > 100) throw new Error(`order ${id} did not ship in the sandbox`);
		await page.waitForTimeout(200);
	}
	await controlled('POST', `/orders/${id}/advance`, { to: 'RECLAMATION' });

	await addNode(page, { title: APP, action: actionOf('order', 'getAll') });
	await chooseShop(new Cascade());
	await choose(page, await fieldByLabel(page, /^Orders$/), 'Needs Attention');
	const olderThan = await fieldByLabel(page, /^Older Than \(Hours\)$/);
	const shown = await shownValue(olderThan);
	const issues = await panelProblems(page, 'Order › Get Many › Needs Attention');
	await page.getByTestId('node-execute-button').first().click();
	const output = page.getByTestId('output-panel');
	await output
		.getByText('A complaint about it is being handled')
		.first()
		.waitFor({ timeout: 60_000 })
		.catch(async () => {
			throw new Error(`Needs Attention showed no complaint: ${await output.innerText()}`);
		});
	await screenshot('order-needs-attention');
	expect({
		shown,
		issues,
		todo: (await output.innerText()).includes('Follow the complaint up with the service.'),
	}).toEqual({
		shown: '24',
		issues: [],
		todo: true,
	});
});

/** n8n's MCP Server Trigger, which serves the tools connected to it to any MCP client. */
const MCP_TRIGGER = 'MCP Server Trigger';

test('as a tool of the MCP Server Trigger, the node opens on Order → Get with no issue and shows what the model reads, and Submit defaults to Pending with Exactly Once shown on', async () => {
	await addNode(page, { title: MCP_TRIGGER });
	await closeNdv(page);
	// The "+" on the trigger's Tool connector, then the tool's card, as a merchant adds it.
	await addToolTo(page, MCP_TRIGGER, { search: APP, title: /^POD Platform( Tool)?$/ });
	const credential = page.getByTestId('node-credentials-select').locator('input');
	const panelText = async () => await parameters(page).innerText();
	const shown = async (label: RegExp) => await shownValue(await fieldByLabel(page, label));

	const opened = {
		resource: await shown(/^Resource$/),
		operation: await shown(/^Operation$/),
		credential: await credential.inputValue(),
		toolDescription: await shownValue(parameterInput(page, 'toolDescriptionMode')),
		problems: listed(await panelProblems(page, 'POD Platform Tool › Order › Get')),
	};
	// The description written for the model is a hidden expression: never shown as raw text, but
	// what the model reads is shown as a notice, so that a merchant can read it too.
	const rawExpression = /\{\{|\$parameter/.test(await panelText());
	const modelText = (await panelText()).includes(
		'Written for the Model, the model reads: Read one print order',
	);
	await screenshot('tool-order-get');
	expect({ ...opened, rawExpression, modelText }).toEqual({
		resource: 'Order',
		operation: 'Get',
		credential: expect.stringContaining('POD Platform sandbox') as unknown,
		toolDescription: 'Written for the Model',
		problems: [],
		rawExpression: false,
		modelText: true,
	});

	await choose(page, parameterInput(page, 'operation'), 'Submit');
	const financialStatus = await fieldByLabel(page, /^Financial Status/);
	await financialStatus.scrollIntoViewIfNeeded();
	const addOption = (await fieldByLabel(page, /^Options$/)).getByTestId('collection-parameter-add');
	// Exactly Once is a field of its own, shown on, and not an option the model may be offered.
	const exactlyOnce = await fieldByLabel(page, /^Exactly Once/);
	const submit = {
		operation: await shown(/^Operation$/),
		financialStatus: await shownValue(financialStatus),
		hint: (await financialStatus.innerText()).includes(
			'Pending: nothing is produced or charged until the merchant pays',
		),
		exactlyOnceOn: (await exactlyOnce.locator('.is-checked').count()) > 0,
		options: await listEntriesOf(page, addOption),
	};
	await financialStatus.scrollIntoViewIfNeeded();
	await screenshot('tool-order-submit');
	expect(submit).toEqual({
		operation: 'Submit',
		financialStatus: 'Pending',
		hint: true,
		exactlyOnceOn: true,
		options: expect.arrayContaining(['Allow Paid Orders']) as unknown,
	});
	expect(submit.options).not.toContain('Exactly Once');
	// Closed by its button: Escape stays with the Options dropdown just read.
	await page.getByTestId('ndv-close-button').click();
	await page.getByTestId('ndv').waitFor({ state: 'hidden' });

	// The node itself, not as a tool: Submit keeps Paid, and no tool option is offered.
	await addNode(page, { title: APP, action: actionOf('order', 'submit') });
	const paid = await fieldByLabel(page, /^Financial Status/);
	const plainAddOption = (await fieldByLabel(page, /^Options$/)).getByTestId(
		'collection-parameter-add',
	);
	expect({
		operation: await shown(/^Operation$/),
		toolDescription: (await panelText()).includes('Tool Description'),
		financialStatus: await shownValue(paid),
		hint: (await paid.innerText()).includes('Paid starts production and is charged'),
		allowPaid: (await listEntriesOf(page, plainAddOption)).includes('Allow Paid Orders'),
	}).toEqual({
		operation: 'Submit',
		toolDescription: false,
		financialStatus: 'Paid',
		hint: true,
		allowPaid: false,
	});
});

test("Order → Submit: a print added before its design's product is chosen shows no issue, not even once a run shows every issue, and lists the print areas once the product is chosen", async () => {
	await addNode(page, { title: APP, action: actionOf('order', 'submit') });
	const designs = () => parameters(page).getByTestId('fixed-collection-designs');
	const cascade = new Cascade(designs);
	await chooseShop(new Cascade());
	await designs().getByTestId('fixed-collection-add').first().click();
	await settle(page);
	await designs().getByText('Add Print', { exact: true }).click();
	await settle(page);
	// Print Area lists its design's product's areas: none yet, and nothing to flag either.
	const before = listed(await panelProblems(page, 'Order › Submit'));
	// A run refused for the node's issues lists every one of them and shows each on its field.
	await page.getByTestId('node-execute-button').first().click();
	const refusal = page
		.locator('.el-notification')
		.filter({ hasText: 'Workflow execution cannot start' })
		.first();
	await refusal.waitFor({ timeout: 30_000 });
	const refused = await refusal.innerText();
	const afterRun = listed(await panelProblems(page, 'Order › Submit'));
	await cascade.choose(/^Product( Name or ID)?$/, 'Hoodie');
	const areas = await cascade.entries(/^Print Area/);
	expect({
		before,
		refusalNamesPrintArea: /Print Area/.test(refused),
		afterRun: afterRun.filter((line) => /Print Area/.test(line)),
		areas,
		wrong: cascade.wrong,
	}).toEqual({
		before: [],
		refusalNamesPrintArea: false,
		afterRun: [],
		areas: HOODIE_AREAS,
		wrong: [],
	});
});

test("Order → Submit, One Item per Order: a Design without a print is warned of in the node's panel, until Print on Designs is Nothing (Blank Products)", async () => {
	await addNode(page, { title: APP, action: actionOf('order', 'submit') });
	const designs = () => parameters(page).getByTestId('fixed-collection-designs');
	await chooseShop(new Cascade());
	const output = page.getByTestId('output-panel');
	/** Whether n8n's hint of a Design without a print shows, once n8n has worked out the hints. */
	const warned = async (expected: boolean) => {
		let shown = !expected;
		for (let attempt = 0; attempt < 20 && shown !== expected; attempt++) {
			if (attempt) await page.waitForTimeout(500);
			shown = (await output.innerText()).includes('A Design has no print');
		}
		return shown;
	};
	const noDesign = await warned(false);
	await designs().getByTestId('fixed-collection-add').first().click();
	await settle(page);
	const withoutPrint = await warned(true);
	await choose(page, parameterInput(page, 'linePrinting'), 'Nothing (Blank Products)');
	await settle(page);
	const blankChosen = await warned(false);
	expect({ noDesign, withoutPrint, blankChosen }).toEqual({
		noDesign: false,
		withoutPrint: true,
		blankChosen: false,
	});
});

test('Order → Submit, One Item per Storefront Order: the form shows only what the order does not say, a Line Print takes its print area by name, and nothing is flagged', async () => {
	await addNode(page, { title: APP, action: actionOf('order', 'submit') });
	await chooseShop(new Cascade());
	await choose(page, parameterInput(page, 'input'), 'One Item per Storefront Order');
	await settle(page);
	const linePrints = parameters(page).getByTestId('fixed-collection-linePrints');
	await linePrints.getByTestId('fixed-collection-add').first().click();
	await settle(page);
	const labels = await shownLabels(page);
	const printArea = await fieldByLabel(page, /^Print Area$/, linePrints);
	const placeholder = await printArea.locator('input').first().getAttribute('placeholder');
	await screenshot('order-submit-storefront-order');
	const shown = (label: string) => labels.some((text) => text.startsWith(label));
	expect({
		asked: ['Storefront', 'Line Prints', 'Financial Status', 'Carrier', 'Print Area'].filter(
			(label) => !shown(label),
		),
		readFromTheOrder: ['Unique ID', 'Country', 'Customer', 'Shipping Address', 'Designs'].filter(
			shown,
		),
		placeholder,
		problems: listed(await panelProblems(page, 'Order › Submit')),
	}).toEqual({ asked: [], readFromTheOrder: [], placeholder: 'e.g. FRONT', problems: [] });
});

test('Order → Submit: one Input chooses how the items are read, Order JSON shows its field and no form, and a workflow saved by version 1 opens with its Input Mode', async () => {
	await addNode(page, { title: APP, action: actionOf('order', 'submit') });
	const offered = await listEntriesOf(page, parameterInput(page, 'input'));
	const inputModeFields = await parameters(page).getByTestId('parameter-input-inputMode').count();
	await choose(page, parameterInput(page, 'input'), 'Order JSON');
	const orderJsonChosen = await shownLabels(page);
	await screenshot('order-submit-input-order-json');

	// A workflow as version 1 of the node saved it, with its Input Mode set to JSON.
	const saved = await rest<{ id: string }>(n8n, cookie, 'POST', '/workflows', {
		name: 'Saved by version 1',
		nodes: [
			{
				id: 'v1-submit',
				name: 'Submit Saved by Version 1',
				type: actionNode.name,
				typeVersion: 1,
				position: [0, 0],
				parameters: { resource: 'order', operation: 'submit', inputMode: 'json' },
			},
		],
		connections: {},
		settings: {},
	});
	await page.goto(`/workflow/${saved.id}`);
	await page.getByTestId('canvas').waitFor();
	await openNode(page, 'Submit Saved by Version 1');
	const savedByVersion1 = {
		inputMode: await shownValue(parameterInput(page, 'inputMode')),
		labels: await shownLabels(page),
	};
	await screenshot('order-submit-saved-by-version-1');
	const form = ['Unique ID', 'Customer', 'Designs', 'Storefront', 'Line Prints'];
	expect({
		offered,
		inputModeFields,
		orderJson: orderJsonChosen.includes('Order JSON'),
		formWithOrderJson: form.filter((label) => orderJsonChosen.includes(label)),
		savedByVersion1: {
			inputMode: savedByVersion1.inputMode,
			orderJson: savedByVersion1.labels.includes('Order JSON'),
			form: form.filter((label) => savedByVersion1.labels.includes(label)),
		},
	}).toEqual({
		offered: [
			'One Item per Order',
			'One Item per Line',
			'One Item per Storefront Order',
			'Order JSON',
		],
		inputModeFields: 0,
		orderJson: true,
		formWithOrderJson: [],
		savedByVersion1: { inputMode: 'JSON', orderJson: true, form: [] },
	});
});

test('Order → Submit, One Item per Storefront Order: Line Prints without a print is flagged, and Print on Lines: Nothing (Blank Products) is the one way to order plain products', async () => {
	await addNode(page, { title: APP, action: actionOf('order', 'submit') });
	await chooseShop(new Cascade());
	await choose(page, parameterInput(page, 'input'), 'One Item per Storefront Order');
	await settle(page);
	/** Whether n8n's issue mark stands beside the Line Prints heading (a fixed collection's own). */
	const linePrintsFlagged = async () =>
		await parameters(page).evaluate((root) => {
			const title = Array.from(root.querySelectorAll('span')).find(
				(span) => (span as HTMLElement).innerText?.trim() === 'Line Prints',
			);
			for (
				let node = title?.parentElement, up = 0;
				node && up < 6;
				node = node.parentElement, up++
			) {
				const mark = node.querySelector(
					'[data-icon="triangle-alert"], [data-test-id="parameter-issues"]',
				);
				if (mark && (mark as HTMLElement).getClientRects().length) return true;
			}
			return false;
		});
	// n8n works out a node's issues a moment after its parameters change: wait for them.
	let flagged = false;
	for (let attempt = 0; attempt < 20 && !flagged; attempt++) {
		if (attempt) await page.waitForTimeout(500);
		flagged = await linePrintsFlagged();
	}
	await screenshot('order-submit-storefront-order-no-print');
	await choose(page, parameterInput(page, 'linePrinting'), 'Nothing (Blank Products)');
	await settle(page);
	const blankChosen = {
		linePrintsShown: await parameters(page).getByTestId('fixed-collection-linePrints').count(),
		problems: listed(await panelProblems(page, 'Order › Submit')),
	};
	expect({ flagged, blankChosen }).toEqual({
		flagged: true,
		blankChosen: { linePrintsShown: 0, problems: [] },
	});
});

/** Run the open node with its Execute button and read the error its output panel shows. */
async function runAndReadError(): Promise<{ message: string; description: string }> {
	await page.getByTestId('node-execute-button').first().click();
	const output = page.getByTestId('output-panel');
	const message = output.getByTestId('node-error-message');
	await message.waitFor({ timeout: 60_000 }).catch(async () => {
		throw new Error(`The run showed no error: ${await output.innerText()}`);
	});
	const description = output.getByTestId('node-error-description');
	return {
		message: (await message.innerText()).trim(),
		description: (await description.count()) ? (await description.innerText()).trim() : '',
	};
}

test('Filter → Create: a condition on a date with no date is refused before sending, naming the condition, the field and the fix', async () => {
	await addNode(page, { title: APP, action: actionOf('filter', 'create') });
	const conditions = parameters(page).getByTestId('fixed-collection-filterConditions');
	await conditions.getByTestId('fixed-collection-add').first().click();
	await settle(page);
	await choose(page, await fieldByLabel(page, /^Property$/, conditions), 'Created');
	const shown = await runAndReadError();
	await screenshot('filter-create-empty-date');
	expect(shown).toEqual({
		message: 'Item 1: Conditions › Condition 1: Value is empty, but Created is compared as a date',
		description:
			'Pick a date in Value, or set Type to Is Empty to find the records that have no Created date.',
	});
});

test('Motive → Create From File and Assign Print Technology: Print Technology explains that its list fills once a shop is set, and lists the shop’s technologies then', async () => {
	const hint =
		"The print technologies the shop's products take appear here once a shop is set above";
	const seen: Record<string, { hint: boolean; offersAfterShop: number }> = {};
	for (const operation of ['createFromBinary', 'assignPrintTechnology']) {
		// The second operation on a page and a workflow of its own, as the first has from beforeEach.
		if (operation !== 'createFromBinary') {
			page = await browser.freshPage();
			await newWorkflow(page);
		}
		await addNode(page, { title: APP, action: actionOf('motive', operation) });
		const field = await fieldByLabel(page, /^Print Technology/);
		await field.scrollIntoViewIfNeeded();
		const hinted = (await field.innerText()).includes(hint);
		if (operation === 'createFromBinary') await screenshot('motive-create-from-file');
		await chooseShop(new Cascade());
		const offers = await listEntriesOf(page, await fieldByLabel(page, /^Print Technology/));
		seen[operation] = { hint: hinted, offersAfterShop: offers.length };
	}
	expect(seen).toEqual({
		createFromBinary: { hint: true, offersAfterShop: expect.any(Number) as unknown },
		assignPrintTechnology: { hint: true, offersAfterShop: expect.any(Number) as unknown },
	});
	expect(Math.min(...Object.values(seen).map((entry) => entry.offersAfterShop))).toBeGreaterThan(0);
});

test('Order → Submit: the error panel counts the other problems as problems and lists every one below', async () => {
	await addNode(page, { title: APP, action: actionOf('order', 'submit') });
	await chooseShop(new Cascade());
	// The fields n8n itself requires, so that the run reaches the node's own checks.
	await (await fieldByLabel(page, /^Unique ID$/)).locator('input').first().fill('E2E-PROBLEMS-1');
	await choose(page, await fieldByLabel(page, /^Country( Name or ID)?$/), 'Germany (DE)');
	const shown = await runAndReadError();
	await screenshot('order-submit-problems');
	const headline =
		/^Item 1: The order has (\d+) problems: .+; and (\d+) more problems?, listed below$/.exec(
			shown.message,
		);
	expect({ message: shown.message, matches: headline !== null }).toEqual({
		message: shown.message,
		matches: true,
	});
	const [, total, others] = headline!;
	expect(Number(others)).toBe(Number(total) - 1);
	// The panel shows the numbered list as one paragraph: count its numbers.
	const numbers = [...shown.description.matchAll(/(?:^|\s)(\d+)\. (?=[A-Z])/g)].map((match) =>
		Number(match[1]),
	);
	expect(numbers).toEqual(Array.from({ length: Number(total) }, (_, i) => i + 1));
});

test('Creator → Get Snippet: each callback field shows an example name of its own', async () => {
	await addNode(page, { title: APP, action: actionOf('creator', 'getSnippet') });
	const callbacks = ['Add To Basket Callback', 'Product Change Callback', 'Creator Start Callback'];
	for (const callback of callbacks) {
		const addOption = (await fieldByLabel(page, /^Options$/)).getByTestId(
			'collection-parameter-add',
		);
		await choose(page, addOption, callback);
	}
	const placeholders: Record<string, string> = {};
	for (const callback of callbacks) {
		const field = await fieldByLabel(page, new RegExp(`^${callback}$`));
		placeholders[callback] =
			(await field.locator('input').first().getAttribute('placeholder')) ?? '';
	}
	await (await fieldByLabel(page, /^Add To Basket Callback$/)).scrollIntoViewIfNeeded();
	await screenshot('creator-get-snippet-callbacks');
	expect(placeholders).toEqual({
		'Add To Basket Callback': 'e.g. onAddToBasket',
		'Product Change Callback': 'e.g. onProductChange',
		'Creator Start Callback': 'e.g. onCreatorStart',
	});
});

test('CSV Import → Build CSV: the column mapper labels every column in Title Case, each label whole, and a problem names its column as the label does', async () => {
	await addNode(page, { title: APP, action: actionOf('csvImport', 'buildCsv') });
	await choose(page, parameterInput(page, 'inputMode'), 'One Item per Line');
	const mapper = parameters(page).getByTestId('resource-mapper-container');
	await choose(page, mapper.getByTestId('mapping-mode-select'), 'Map Each Column Manually');
	await settle(page);
	// Every column, added one by one from the mapper's "Add column" list, as a merchant does.
	const addColumn = mapper.getByTestId('add-fields-select');
	for (let added = 0; added < CSV_COLUMNS.length && (await addColumn.isVisible()); added++) {
		// With several columns left the button opens a list; with the last one it adds it at once.
		await addColumn.locator('button').first().click();
		const entry = page.locator('[data-reka-popper-content-wrapper] [role="menuitem"]').first();
		if (
			await entry.waitFor({ timeout: 3000 }).then(
				() => true,
				() => false,
			)
		)
			await entry.click();
		await page.waitForTimeout(100);
	}
	// Each mapped column's label (n8n marks a required one with "*"), and whether the field's
	// width cuts it: an element of a cut label overflows and shows an ellipsis.
	const labels = await mapper.locator('label.n8n-input-label').evaluateAll((elements) =>
		elements.map((label) => ({
			label: (label as HTMLElement).innerText
				.split('\n')[0]
				.trim()
				.replace(/\s*\*$/, ''),
			cut: [label, ...Array.from(label.querySelectorAll('*'))].some(
				(element) =>
					(element as HTMLElement).scrollWidth > (element as HTMLElement).clientWidth + 1,
			),
		})),
	);
	const mapped = labels
		.map((entry) => entry.label)
		.filter((label) => label !== 'Mapping Column Mode' && label !== 'Values to Send');
	// A column's field, by the key its label is for (value["designAmount"]).
	const columnField = (label: string) => {
		const key = CSV_COLUMNS.find((entry) => entry.label === label)?.key;
		return mapper
			.locator('.parameter-item')
			.filter({ has: page.locator(`label[for='value["${key}"]']`) })
			.last();
	};
	await columnField('Amount').scrollIntoViewIfNeeded();
	await screenshot('csv-build-columns');
	expect({
		labels: [...mapped].sort(),
		cut: labels.filter((entry) => entry.cut).map((entry) => entry.label),
	}).toEqual({ labels: CSV_COLUMNS.map((column) => column.label).sort(), cut: [] });

	// The columns every order needs, one with a value the file cannot take: the problem names the
	// column as its label does.
	const values: Array<[string, string]> = [
		['Order Group ID', 'o1'],
		['Country ID', '1'],
		['Shipping Street', 'Hauptstraße'],
		['Shipping City', 'Berlin'],
		['Shipping Country Code', 'de'],
		['Design Group ID', 'd1'],
		['Amount', '2'],
	];
	for (const [label, value] of values) {
		const field = columnField(label);
		await field.scrollIntoViewIfNeeded();
		await field.locator('input, textarea').first().fill(value);
		await page.keyboard.press('Tab');
	}
	const shown = await runAndReadError();
	expect(shown.description).toContain(
		'Shipping Country Code: must be an ISO 3166-1 alpha-2 country code such as "DE", got "de"',
	);
});
