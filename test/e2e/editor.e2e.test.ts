/* eslint-disable @n8n/community-nodes/no-restricted-imports -- drives a real n8n editor in a browser, never shipped */
/**
 * The editor as a merchant sees it: a real, pinned n8n with the packed package, the sandbox
 * behind its credential, and Debian's Chromium signing in through the sign-in page. Every
 * operation of every resource is opened with its defaults (one entry added to each list), and
 * every problem the panel shows is gathered into one list; the Submit form's dropdowns must
 * cascade from the shop down to the print area. Screenshots go to docs/editor/.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INodeTypeDescription } from 'n8n-workflow';
import type { Page } from 'playwright-core';
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
	startN8n,
} from '../../scripts/n8n-runtime';
import { resourcesAndOperations } from '../support/nodeDescriptions';
import type { Browser } from './editor/browser';
import { openBrowser } from './editor/browser';
import type { Problem } from './editor/editorPage';
import {
	addNode,
	addOneEntryToEachList,
	choose,
	closeNdv,
	fieldByLabel,
	listEntriesOf,
	newWorkflow,
	panelProblems,
	parameterInput,
	parameters,
	settle,
	signIn,
} from './editor/editorPage';

jest.setTimeout(300_000);

/** Where the screenshots go (named in the README), overwritten on every run. */
const SCREENSHOTS = path.join(ROOT, 'docs', 'editor');

/** The nodes panel's card of this package, recognised by the description it shows. */
const CARD = { search: 'POD Platform', card: 'reports an order event' };
const POLL_CARD = { search: 'POD Platform Poll', card: 'by polling' };

let runtime: N8nRuntime;
let sandbox: Sandbox;
let n8n: N8nInstance;
let options: N8nOptions;
let workFolder: string;
let browser: Browser;
let page: Page;
let actionNode: INodeTypeDescription;

async function screenshot(name: string): Promise<void> {
	await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

beforeAll(async () => {
	runtime = await ensureN8n();
	sandbox = await startSandbox({ port: 0, autoAdvance: true });
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
	const cookie = await ownerSession(n8n);
	// The action node's description as the editor gets it from n8n (the build just packed).
	const types = await request(`${n8n.url}/types/nodes.json`, { headers: { cookie } });
	actionNode = ((await types.body.json()) as INodeTypeDescription[]).find(
		(node) => node.name === `${PACKAGE_NAME}.podPlatform`,
	)!;

	mkdirSync(SCREENSHOTS, { recursive: true });
	browser = await openBrowser(n8n.url);
	page = browser.page;
}, 45 * 60_000);

afterAll(async () => {
	// What the browser showed last, for diagnosing a failure.
	await page
		?.screenshot({ path: path.join(tmpdir(), 'pod-platform-editor-last.png') })
		.catch(() => undefined);
	await browser?.close();
	if (n8n) writeFileSync(path.join(tmpdir(), 'pod-platform-editor-n8n.log'), n8n.output());
	await n8n?.stop();
	await sandbox?.close();
	if (workFolder) rmSync(workFolder, { recursive: true, force: true });
});

/** One line per problem: node › resource › operation › field: message. */
const listed = (problems: Problem[]) =>
	problems.map((problem) => `${problem.where} › ${problem.field}: ${problem.message}`);

test(
	'the three nodes, and every operation of every resource with its defaults, show no problem',
	async () => {
		const problems: Problem[] = [];
		await signIn(page, DEV_OWNER);
		await newWorkflow(page);

		await addNode(page, { ...CARD, action: 'On order updated' });
		problems.push(...(await panelProblems(page, 'POD Platform Trigger')));
		await screenshot('trigger');
		await closeNdv(page);

		await addNode(page, POLL_CARD);
		problems.push(...(await panelProblems(page, 'POD Platform Poll Trigger')));
		await screenshot('poll-trigger');
		await closeNdv(page);

		const resources = resourcesAndOperations(actionNode.properties);
		const [first] = resources;
		await addNode(page, { ...CARD, action: String(first.operations[0].action) });
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
				if (resource.value === 'order' && operation.value === 'getAll')
					await screenshot('order-get-many');
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

/** The labels a field's dropdown offers, without their IDs. */
const entriesOf = async (label: RegExp) =>
	(await listEntriesOf(page, await fieldByLabel(page, label))).map(withoutId);

/** Choose the entry whose label, without its ID, is `name`. */
async function chooseIn(label: RegExp, name: string): Promise<void> {
	const field = await fieldByLabel(page, label);
	const entry = (await listEntriesOf(page, field)).find((entry) => withoutId(entry) === name);
	if (entry === undefined) throw new Error(`${label} offers no "${name}"`);
	await choose(page, await fieldByLabel(page, label), entry);
}

test("Submit's dropdowns cascade: shop, product, colour, size, print area", async () => {
	await choose(page, parameterInput(page, 'resource'), 'Order');
	await choose(page, parameterInput(page, 'operation'), 'Submit');

	// The sandbox's demo shop and its catalog (sandbox/seed.ts): the black T-shirt has no 3XL.
	const shop = (await listEntriesOf(page, await fieldByLabel(page, /^Shop$/))).find((entry) =>
		entry.startsWith('Demo Merch Shop'),
	);
	expect(shop).toBeDefined();
	await choose(page, await fieldByLabel(page, /^Shop$/), shop!);

	await parameters(page).getByTestId('fixed-collection-add').first().click();
	await settle(page);
	expect(await entriesOf(/^Product/)).toEqual(['Classic T-Shirt', 'Hoodie', 'Tote Bag']);
	await chooseIn(/^Product/, 'Hoodie');
	expect(await entriesOf(/Colou?r/)).toEqual(['Navy', 'Grey']);
	await chooseIn(/^Product/, 'Classic T-Shirt');
	expect(await entriesOf(/Colou?r/)).toEqual(['White', 'Black']);

	await chooseIn(/Colou?r/, 'White');
	expect(await entriesOf(/Size/)).toEqual(['S', 'M', 'L', 'XL', 'XXL', '3XL']);
	await chooseIn(/Colou?r/, 'Black');
	expect(await entriesOf(/Size/)).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
	await chooseIn(/Size/, 'M');

	await parameters(page).getByText('Add Print', { exact: true }).click();
	await settle(page);
	await screenshot('order-submit-cascade');
	const areas = await entriesOf(/^Print Area/);
	expect(areas.length).toBeGreaterThan(0);
	await chooseIn(/^Print Area/, areas[0]);
	await screenshot('order-submit-cascade');
});

test('the credential form opens from the node, and a run shows its output', async () => {
	await parameters(page).getByTestId('credential-edit-button').click();
	const dialog = page.locator('.el-dialog:visible, [role="dialog"]:visible').last();
	await dialog.getByText('POD Platform sandbox').first().waitFor();
	await page.waitForTimeout(1000);
	await screenshot('credential');
	await page.keyboard.press('Escape');
	await dialog.waitFor({ state: 'hidden' });

	await choose(page, parameterInput(page, 'operation'), 'Get Many');
	await page.getByTestId('node-execute-button').first().click();
	const table = page.getByTestId('output-panel').getByTestId('ndv-data-container').locator('table');
	await table.waitFor();
	expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
	await screenshot('order-get-many-output');
});
