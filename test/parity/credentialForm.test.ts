/**
 * The credential's form as n8n's editor handles it: Media Type, a detail of the deployment, stays
 * behind Show Advanced Settings; a credential stored with XML before the toggle existed keeps
 * working, and its form says how to keep XML when it is saved again. The editor shows the
 * properties n8n's `displayParameter` lets through, fills a missing field with its default when
 * the form opens, and saves only what `getNodeParameters(properties, data, false, false)` returns,
 * the fields shown and not at their default; here the same n8n-workflow functions run on the
 * credential's own properties, and each saved credential then works against the sandbox in the
 * media type the merchant sees.
 */
import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { PodPlatformApi } from '../../credentials/PodPlatformApi.credentials';
import { DEMO, startSandbox, type Sandbox } from '../../sandbox';
import { CREDENTIAL_TYPE, CredentialStore, runNode } from '../support/n8n';
import { SandboxControl, shopParameter } from '../support/sandbox';

const properties = new PodPlatformApi().properties;

let sandbox: Sandbox;
let control: SandboxControl;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0 });
	control = new SandboxControl(sandbox);
});
afterAll(async () => {
	await sandbox.close();
});

type Form = INodeParameters;

/** The form as it opens: the stored fields (an empty text dropped), a missing one at its default. */
function open(stored: ICredentialDataDecryptedObject = {}): Form {
	const form = Object.fromEntries(
		Object.entries(stored).filter(([, value]) => value !== ''),
	) as Form;
	for (const property of properties) {
		if (!(property.name in form)) form[property.name] = property.default;
	}
	return form;
}

/** The labels the form shows, in order. */
function shown(form: Form): string[] {
	return properties
		.filter(
			(property) =>
				property.type !== 'hidden' &&
				property.type !== 'notice' &&
				(property.displayOptions === undefined ||
					NodeHelpers.displayParameter(form, property, null, null)),
		)
		.map((property) => property.displayName);
}

/** The notices the form shows, by name. */
function notices(form: Form): string[] {
	return properties
		.filter(
			(property) =>
				property.type === 'notice' &&
				(property.displayOptions === undefined ||
					NodeHelpers.displayParameter(form, property, null, null)),
		)
		.map((property) => property.name);
}

/** What the editor stores on Save. */
function save(form: Form): ICredentialDataDecryptedObject {
	return NodeHelpers.getNodeParameters(
		properties,
		form,
		false,
		false,
		null,
		null,
	) as ICredentialDataDecryptedObject;
}

const MERCHANT_FORM = [
	'Environment',
	'Login',
	'Password',
	'Account ID',
	'Customer Key',
	'Creator Page Login',
	'Creator Page Password',
	'Show Advanced Settings',
];

/** The same with a custom Base URL, as a credential for the sandbox. */
const SANDBOX_FORM = ['Environment', 'Base URL', ...MERCHANT_FORM.slice(1)];

/** The sandbox login, entered in the form as a merchant would. */
function filledIn(form: Form): Form {
	return {
		...form,
		environment: 'custom',
		baseUrl: sandbox.baseUrl,
		login: DEMO.login,
		password: DEMO.password,
	};
}

/** Runs Motive → Get with a saved credential; answers the media type the node asked the sandbox for. */
async function mediaTypeInUse(saved: ICredentialDataDecryptedObject): Promise<string> {
	await control.call('DELETE', '/requests');
	const result = await runNode({
		store: new CredentialStore({ [CREDENTIAL_TYPE]: saved }),
		parameters: { resource: 'motive', operation: 'get', shop: shopParameter(), motiveId: '5001' },
	});
	expect(result.error).toBeUndefined();
	const accepts = new Set((await control.requests()).map((r) => r.accept));
	expect(accepts.size).toBe(1);
	return [...accepts][0] ?? '';
}

test("a new credential's form leaves Media Type out until Show Advanced Settings, and speaks JSON", async () => {
	const form = open();
	expect(shown(form)).toEqual(MERCHANT_FORM);
	expect(notices(form)).toEqual(['loginNotice']);
	const saved = save(filledIn(form));
	expect(saved).not.toHaveProperty('mediaType');
	expect(saved).not.toHaveProperty('showAdvancedSettings');
	expect(await mediaTypeInUse(saved)).toBe('application/json');

	const advanced = { ...form, showAdvancedSettings: true };
	expect(shown(advanced)).toEqual([...MERCHANT_FORM, 'Media Type']);
	const xml = save(filledIn({ ...advanced, mediaType: 'xml' }));
	expect(xml).toMatchObject({ showAdvancedSettings: true, mediaType: 'xml' });
	expect(await mediaTypeInUse(xml)).toBe('application/xml');
});

test('a credential stored with XML before the toggle existed works, and its form tells how to keep XML', async () => {
	// As the form stored it while Media Type was a main field: no toggle.
	const stored = save(filledIn({ ...open(), showAdvancedSettings: true, mediaType: 'xml' }));
	delete stored.showAdvancedSettings;
	expect(stored.mediaType).toBe('xml');
	expect(await mediaTypeInUse(stored)).toBe('application/xml');

	const form = open(stored);
	expect(form.showAdvancedSettings).toBe(false);
	expect(shown(form)).toEqual(SANDBOX_FORM);
	expect(notices(form)).toEqual(['loginNotice', 'mediaTypeNotice']);

	// Saved with the advanced settings on, XML stays, and the notice is gone.
	const advanced = { ...form, showAdvancedSettings: true };
	expect(shown(advanced)).toEqual([...SANDBOX_FORM, 'Media Type']);
	expect(notices(advanced)).toEqual(['loginNotice']);
	const kept = save(advanced);
	expect(kept.mediaType).toBe('xml');
	expect(await mediaTypeInUse(kept)).toBe('application/xml');

	// Saved with them off, as the notice says, it speaks JSON, and works as well.
	const dropped = save(form);
	expect(dropped).not.toHaveProperty('mediaType');
	expect(await mediaTypeInUse(dropped)).toBe('application/json');
});

test('a credential stored with JSON before the toggle existed opens as a merchant form', () => {
	const form = open({ login: 'x', password: 'y', mediaType: 'json' });
	expect(shown(form)).toEqual(MERCHANT_FORM);
	expect(notices(form)).toEqual(['loginNotice']);
});
