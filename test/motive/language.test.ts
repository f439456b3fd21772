/**
 * One vocabulary for languages across the node: the language ID (`langId`). Every language the
 * Language list offers passes Set Localization's check and reaches the sandbox, and the Creator's
 * Language option takes the same values; localization records that name a language by its code
 * only are listed by the ID another record pairs with that code, or not at all. Get Localizations
 * reads back what Set Localization wrote.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import { snippetRequest } from '../../nodes/PodPlatform/actions/creator/snippetQuery';
import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { loadOptions } from '../support/editor';
import { runNode } from '../support/n8n';
import { SandboxControl, SHOP_PATH, shopParameter } from '../support/sandbox';
import { list, ServiceClient } from '../support/service';
import { demoStore } from './helpers';

let sandbox: Sandbox;
let control: SandboxControl;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0 });
	control = new SandboxControl(sandbox);
});
afterAll(async () => {
	await sandbox.close();
});
beforeEach(async () => {
	await control.call('POST', '/reset');
});

const setLocalization = {
	resource: 'motive',
	operation: 'setLocalization',
	shop: shopParameter(),
};

/** The Language list of Set Localization, as the editor asks for it. */
async function languageList(): Promise<INodePropertyOptions[]> {
	return await loadOptions(
		demoStore(sandbox),
		'getLanguages',
		setLocalization,
		'parameters.langId',
	);
}

/**
 * Sets a translation of motive 5001 in every language the list offers; each passes the check,
 * and the sandbox holds one translation per language ID.
 */
async function everyListedLanguageReachesTheService(options: INodePropertyOptions[]) {
	for (const option of options) {
		const result = await runNode({
			store: demoStore(sandbox),
			parameters: {
				...setLocalization,
				motiveId: '5001',
				langId: option.value,
				name: `Logo ${String(option.value)}`,
			},
		});
		expect(result.error).toBeUndefined();
		// The Creator's Language option takes the same value.
		expect(snippetRequest({ langId: option.value }).qs.langId).toBe(String(option.value));
	}
	const stored = await ServiceClient.as(sandbox.baseUrl).get(
		`${SHOP_PATH}/motives/5001/localizations?size=50`,
	);
	expect(list(stored.json.pagedData.motiveLocalized).map((l) => String(l.langId))).toEqual(
		options.map((option) => String(option.value)),
	);
}

test('every language the list offers passes Set Localization and reaches the sandbox', async () => {
	const options = await languageList();
	expect(options.map(({ name, value }) => ({ name, value }))).toEqual([
		{ name: 'English (1)', value: '1' },
		{ name: 'German (2)', value: '2' },
	]);
	await everyListedLanguageReachesTheService(options);
});

test('records that name a language by its code are listed by its language ID, or left out', async () => {
	// The contract shows no field of a product localization: a service may name the language by
	// its code where the sandbox gives the ID, or as a record. The Hoodie answers so here.
	const hoodie = (
		await ServiceClient.as(sandbox.baseUrl).get(`${SHOP_PATH}/products/expanded/1002`)
	).json;
	hoodie.product.localizations = {
		productLocalized: [
			{ id: 1, langId: 'de', name: 'Kapuzenpullover' },
			{ id: 2, language: { id: 3, code: 'fr' }, name: 'Sweat à capuche' },
			// No record pairs this code with an ID: no operation could send it.
			{ id: 3, langId: 'it', name: 'Felpa' },
		],
	};
	await control.call('POST', '/faults', {
		method: 'GET',
		path: '/products/expanded/1002$',
		kind: 'status',
		status: 200,
		body: JSON.stringify(hoodie),
	});
	const options = await languageList();
	expect(options.map(({ name, value }) => ({ name, value }))).toEqual([
		{ name: 'English (1)', value: '1' },
		{ name: 'French (3)', value: '3' },
		{ name: 'German (2)', value: '2' },
	]);
	expect(options.find((option) => option.value === '2')?.description).toBe(
		'Offered by Classic T-Shirt, Hoodie, Tote Bag, IPod Nano - 8gb, Ship Your Idea',
	);
	await everyListedLanguageReachesTheService(options);
});

test('a language code is refused before sending by Set Localization and the Creator alike', async () => {
	await control.call('DELETE', '/requests');
	const result = await runNode({
		store: demoStore(sandbox),
		parameters: { ...setLocalization, motiveId: '5001', langId: 'de', name: 'x' },
	});
	expect(result.error?.message).toBe(
		'Item 1: Language ID must be a positive whole number, got "de"',
	);
	expect(() => snippetRequest({ langId: 'de' })).toThrow(
		'Language ID must be a positive whole number, got "de"',
	);
	expect(() => snippetRequest({ langId: '0' })).toThrow(
		'Language ID must be a positive whole number, got "0"',
	);
	const posts = (await control.requests()).filter((r) => r.method === 'POST');
	expect(posts).toEqual([]);
});

test('Get Localizations lists the translations Set Localization wrote, one item each', async () => {
	for (const [langId, name] of [
		['1', 'Logo'],
		['2', 'Zeichen'],
	]) {
		const set = await runNode({
			store: demoStore(sandbox),
			parameters: { ...setLocalization, motiveId: '5001', langId, name, description: 'Text' },
		});
		expect(set.error).toBeUndefined();
	}
	const read = await runNode({
		store: demoStore(sandbox),
		parameters: {
			resource: 'motive',
			operation: 'getLocalizations',
			shop: shopParameter(),
			motiveId: '5001',
			returnAll: true,
		},
	});
	expect(read.error).toBeUndefined();
	expect(read.items.map((item) => item.json)).toEqual([
		expect.objectContaining({ langId: 1, language: 'en', name: 'Logo', description: 'Text' }),
		expect.objectContaining({ langId: 2, language: 'de', name: 'Zeichen', description: 'Text' }),
	]);

	const none = await runNode({
		store: demoStore(sandbox),
		parameters: {
			resource: 'motive',
			operation: 'getLocalizations',
			shop: shopParameter(),
			motiveId: '5002',
			returnAll: true,
		},
	});
	expect(none.error).toBeUndefined();
	expect(none.items).toEqual([]);
});
