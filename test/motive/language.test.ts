/**
 * One vocabulary for languages across the node: the language as the service's own records carry
 * it in `langId`, a numeric ID or a code. The contract leaves its type open, so both are played:
 * the sandbox's default records carry the ID (`{langId: 2, language: 'de'}`), its quirk
 * `langIdAsCode` a code only (`{langId: 'de'}`), and each refuses the other form. Every language
 * the Language list offers passes Set Localization's check and reaches the sandbox in the form
 * listed (a number as a JSON number, a code as text), and the Creator's Language option takes the
 * same values; records that name a language by its code only are listed by that code. Get
 * Localizations reads back what Set Localization wrote.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import { snippetRequest } from '../../nodes/PodPlatform/actions/creator/snippetQuery';
import { encode } from '../../nodes/shared/codec';
import type { Sandbox } from '../../sandbox';
import { loadOptions } from '../support/editor';
import { runNode } from '../support/n8n';
import {
	CREATOR_PAGE_LOGIN,
	SandboxControl,
	SHOP_PATH,
	shopParameter,
	useSandbox,
} from '../support/sandbox';
import { list, ServiceClient } from '../support/service';
import { demoStore } from './helpers';

let sandbox: Sandbox;
let control: SandboxControl;
// Each test starts from the seed, which also switches the quirk langIdAsCode back off.
useSandbox((started) => ({ sandbox, control } = started));

const setLocalization = {
	resource: 'motive',
	operation: 'setLocalization',
	shop: shopParameter(),
};

/** The service keys languages by code: its records carry `langId: 'de'`, and it takes a code. */
async function serviceKeysLanguagesByCode(): Promise<void> {
	await control.call('PUT', '/quirks', { langIdAsCode: true });
}

/** The Language list of Set Localization, as the editor asks for it. */
async function languageList(): Promise<Array<{ name: string; value: string }>> {
	const options: INodePropertyOptions[] = await loadOptions(
		demoStore(sandbox),
		'getLanguages',
		setLocalization,
		'parameters.langId',
	);
	return options.map(({ name, value }) => ({ name, value: String(value) }));
}

/** Set Localization of motive 5001 in a language, as a merchant's workflow runs it. */
async function setMotiveLocalization(langId: string) {
	return await runNode({
		store: demoStore(sandbox),
		parameters: { ...setLocalization, motiveId: '5001', langId, name: `Logo ${langId}` },
	});
}

/** The translations of motive 5001 the sandbox holds, their `langId` as the wire carries it. */
async function storedLanguages(): Promise<unknown[]> {
	const stored = await ServiceClient.as(sandbox.baseUrl).get(
		`${SHOP_PATH}/motives/5001/localizations?size=50`,
	);
	return list(stored.json.pagedData.motiveLocalized).map((l) => l.langId);
}

/**
 * Sets a translation of motive 5001 in each language given; each passes the check and reaches
 * the sandbox in its own form: the request body's bytes are those of `langId` as a number for an
 * ID and as text for a code, and the sandbox (which refuses the other form) holds it.
 */
async function everyLanguageReachesTheService(values: string[]): Promise<void> {
	for (const value of values) {
		const result = await setLocalizationSentAsGiven(value);
		expect(result.error).toBeUndefined();
		// The Creator's Language option takes the same value, in the query as text.
		expect(snippetRequest({ langId: value }).qs.langId).toBe(value);
	}
}

/**
 * Runs Set Localization in a language and checks the body it sent: its bytes are those of
 * `langId` as a JSON number for an ID, as text for a code (`2` and `"2"` differ by two bytes).
 */
async function setLocalizationSentAsGiven(value: string) {
	await control.call('DELETE', '/requests');
	const result = await setMotiveLocalization(value);
	const asGiven = /^\d+$/.test(value) ? Number(value) : value;
	const post = (await control.requests()).find((r) => r.method === 'POST');
	const bytes = encode({ motiveLocalized: { langId: asGiven, name: `Logo ${value}` } }, 'json');
	expect(post?.bodyBytes).toBe(Buffer.byteLength(bytes));
	return result;
}

test('a service keyed by language IDs: the list offers the IDs, and each reaches the sandbox as a number', async () => {
	const options = await languageList();
	expect(options).toEqual([
		{ name: 'English (1)', value: '1' },
		{ name: 'German (2)', value: '2' },
	]);
	await everyLanguageReachesTheService(options.map((option) => option.value));
	expect(await storedLanguages()).toEqual([1, 2]);
});

test('a service keyed by language codes: the list offers the codes, and each reaches the sandbox as text', async () => {
	await serviceKeysLanguagesByCode();
	const options = await languageList();
	expect(options).toEqual([
		{ name: 'English (en)', value: 'en' },
		{ name: 'German (de)', value: 'de' },
	]);
	// A code with a region, typed or from an expression, goes as given.
	await everyLanguageReachesTheService([...options.map((option) => option.value), 'en-GB']);
	expect(await storedLanguages()).toEqual(['en', 'de', 'en-GB']);

	// The Creator takes the code too: the sandbox, keyed by code now, packs it into the widget's URL.
	const snippet = await runNode({
		store: demoStore(sandbox, CREATOR_PAGE_LOGIN),
		parameters: {
			resource: 'creator',
			operation: 'getSnippet',
			shop: shopParameter(),
			options: { langId: 'de' },
		},
	});
	expect(snippet.error).toBeUndefined();
	const preloaderUrl = String(snippet.items[0].json.preloaderUrl);
	expect(new URL(preloaderUrl).searchParams.get('langId')).toBe('de');
});

test('records that name a language by its code only are listed by that code, beside the IDs', async () => {
	// The contract shows no field of a product localization: a service may name the language by
	// its code where the sandbox gives the ID, or as a record. The Hoodie answers so here.
	const hoodie = (
		await ServiceClient.as(sandbox.baseUrl).get(`${SHOP_PATH}/products/expanded/1002`)
	).json;
	hoodie.product.localizations = {
		productLocalized: [
			// Paired with ID 2 by the other products' records: listed by that ID.
			{ id: 1, langId: 'de', name: 'Kapuzenpullover' },
			{ id: 2, language: { id: 3, code: 'fr' }, name: 'Sweat à capuche' },
			// No record pairs these codes with an ID: listed by the code, as carried.
			{ id: 3, langId: 'it', name: 'Felpa' },
			{ id: 4, language: 'en-GB', name: 'Hooded jumper' },
			// Neither an ID nor a code: nothing a list could offer.
			{ id: 5, langId: 'Deutsch', name: 'Kapuzenpulli' },
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
	expect(options).toEqual([
		{ name: 'British English (en-GB)', value: 'en-GB' },
		{ name: 'English (1)', value: '1' },
		{ name: 'French (3)', value: '3' },
		{ name: 'German (2)', value: '2' },
		{ name: 'Italian (it)', value: 'it' },
	]);
	const ids = options.map((o) => o.value).filter((value) => /^\d+$/.test(value));
	const codes = options.map((o) => o.value).filter((value) => !/^\d+$/.test(value));
	// The sandbox takes one form at a time: the IDs first, then the codes.
	await everyLanguageReachesTheService(ids);
	expect(await storedLanguages()).toEqual([1, 3, 2]);
	await serviceKeysLanguagesByCode();
	await everyLanguageReachesTheService(codes);
	expect((await storedLanguages()).slice(-2)).toEqual(['en-GB', 'it']);
});

test('a code goes to a service keyed by IDs as given, and its refusal is reported, not hidden', async () => {
	const result = await setLocalizationSentAsGiven('de');
	expect(result.error?.httpCode).toBe('400');
	expect(result.error?.message).toBe(
		'Invalid motiveLocalized.langId (A positive language id, got de)',
	);
	expect(await storedLanguages()).toEqual([]);
});

test('a value that is neither a language ID nor a code is refused before sending, by Set Localization and the Creator alike', async () => {
	await control.call('DELETE', '/requests');
	for (const value of ['German', '0', '-2', '1.5', 'd', 'de DE', 'en-']) {
		const result = await setMotiveLocalization(value);
		const message = `Language must be a language ID (a positive whole number) or a language code such as de or en-GB, got "${value}"`;
		expect(result.error?.message).toBe(`Item 1: ${message}`);
		expect(result.error?.description).toMatch(/^Choose the language from the list/);
		expect(() => snippetRequest({ langId: value })).toThrow(message);
	}
	const posts = (await control.requests()).filter((r) => r.method === 'POST');
	expect(posts).toEqual([]);
});

test('Get Localizations lists the translations Set Localization wrote, one item each, in either form', async () => {
	const getLocalizations = {
		resource: 'motive',
		operation: 'getLocalizations',
		shop: shopParameter(),
		motiveId: '5001',
		returnAll: true,
	};
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
	const read = await runNode({ store: demoStore(sandbox), parameters: getLocalizations });
	expect(read.error).toBeUndefined();
	expect(read.items.map((item) => item.json)).toEqual([
		expect.objectContaining({ langId: 1, language: 'en', name: 'Logo', description: 'Text' }),
		expect.objectContaining({ langId: 2, language: 'de', name: 'Zeichen', description: 'Text' }),
	]);

	await serviceKeysLanguagesByCode();
	const set = await runNode({
		store: demoStore(sandbox),
		parameters: { ...setLocalization, motiveId: '5001', langId: 'de', name: 'Marke' },
	});
	expect(set.error).toBeUndefined();
	const byCode = await runNode({ store: demoStore(sandbox), parameters: getLocalizations });
	expect(byCode.items.map((item) => [item.json.langId, item.json.name])).toEqual([
		['en', 'Logo'],
		['de', 'Marke'],
	]);

	const none = await runNode({
		store: demoStore(sandbox),
		parameters: { ...getLocalizations, motiveId: '5002' },
	});
	expect(none.error).toBeUndefined();
	expect(none.items).toEqual([]);
});
