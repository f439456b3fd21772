import type { INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import type { CredentialStore } from '../support/n8n';
import { runNode } from '../support/n8n';
import { SandboxControl, shopParameter, useSandbox } from '../support/sandbox';
import { binaryItem, demoStore, tinyJpeg, tinyPng } from './helpers';
import { ServiceClient } from '../support/service';

let sandbox: Sandbox;
let control: SandboxControl;
const userMotives = '/accounts/387/shops/1597/userMotives';
useSandbox((started) => ({ sandbox, control } = started));

function userMotive(operation: string, parameters: INodeParameters = {}) {
	return { resource: 'userMotive', operation, shop: shopParameter(), ...parameters };
}

/** The image the sandbox stored, read with the session the credential holds. */
async function storedImage(store: CredentialStore, id: unknown): Promise<Buffer> {
	const session = ServiceClient.withSession(sandbox.baseUrl, String(store.data().sessionToken));
	const image = await session.get(`${userMotives}/${String(id)}/image`);
	expect(image.status).toBe(200);
	return image.bytes;
}

test('uploads from binary data, base64 and a URL; get, list and delete', async () => {
	const store = demoStore(sandbox);
	const png = tinyPng();
	const jpeg = tinyJpeg();

	const fromBinary = await runNode({
		store,
		parameters: userMotive('upload', { source: 'binary' }),
		items: [binaryItem(png, 'customer-logo.png', 'image/png')],
	});
	expect(fromBinary.error).toBeUndefined();
	const binaryMotive = fromBinary.items[0].json;
	expect(binaryMotive).toMatchObject({
		name: 'customer-logo.png',
		type: 'USER_BITMAP',
		library: 'session',
	});
	expect((await storedImage(store, binaryMotive.id)).equals(png)).toBe(true);

	const fromBase64 = await runNode({
		store,
		parameters: userMotive('upload', {
			source: 'base64',
			base64: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
			fileName: '',
		}),
	});
	expect(fromBase64.error).toBeUndefined();
	const base64Motive = fromBase64.items[0].json;
	expect(base64Motive).toMatchObject({ name: 'motive.jpg', type: 'USER_BITMAP' });
	expect((await storedImage(store, base64Motive.id)).equals(jpeg)).toBe(true);

	const fromUrl = await runNode({
		store,
		parameters: userMotive('upload', {
			source: 'url',
			url: 'https://example.com/art/star.png',
			fileName: '',
		}),
	});
	expect(fromUrl.error).toBeUndefined();
	expect(fromUrl.items[0].json).toMatchObject({
		name: 'star.png',
		url: 'https://example.com/art/star.png',
	});

	const uploads = (await control.requests()).filter((r) =>
		r.path.startsWith(`${userMotives}/create`),
	);
	expect(uploads.map((r) => [r.path.split('/').pop(), r.contentType?.split(';')[0]])).toEqual([
		['createFromMultipartForm', 'multipart/form-data'],
		['createFromData', 'application/json'],
		['createFromData', 'application/json'],
	]);

	const got = await runNode({
		store,
		parameters: userMotive('get', { userMotiveId: String(binaryMotive.id) }),
	});
	expect(got.items[0].json).toMatchObject({
		id: binaryMotive.id,
		name: 'customer-logo.png',
		library: 'session',
	});

	const listed = await runNode({ store, parameters: userMotive('getAll', { returnAll: true }) });
	expect(listed.items.map((item) => item.json.id)).toEqual([
		binaryMotive.id,
		base64Motive.id,
		fromUrl.items[0].json.id,
	]);
	const limited = await runNode({
		store,
		parameters: userMotive('getAll', { returnAll: false, limit: 1 }),
	});
	expect(limited.items).toHaveLength(1);

	const deleted = await runNode({
		store,
		parameters: userMotive('delete', { userMotiveId: String(binaryMotive.id) }),
	});
	expect(deleted.items.map((item) => item.json)).toEqual([{ deleted: true }]);
	const gone = await runNode({
		store,
		parameters: userMotive('get', { userMotiveId: String(binaryMotive.id) }),
	});
	expect(gone.error?.httpCode).toBe('404');
});

test('bad input is refused before anything is sent', async () => {
	const store = demoStore(sandbox);
	const cases: Array<[INodeParameters, string, ReturnType<typeof binaryItem>?]> = [
		[
			userMotive('upload', { source: 'binary' }),
			'Item 1: the binary property "data" ("notes.png") is not a JPEG or PNG image; its content is text',
			binaryItem(Buffer.from('just some notes'), 'notes.png', 'image/png'),
		],
		[
			userMotive('upload', {
				source: 'base64',
				base64: Buffer.from('%PDF-1.7 ...').toString('base64'),
			}),
			'Item 1: Base64 Content is not a JPEG or PNG image; its content is PDF document',
		],
		[
			userMotive('upload', { source: 'base64', base64: 'not base64!' }),
			'Item 1: Base64 Content is not base64 text',
		],
		[
			userMotive('upload', { source: 'url', url: 'ftp://example.com/a.png' }),
			'Item 1: Image URL must be an absolute http or https address, got "ftp://example.com/a.png"',
		],
		[
			userMotive('get', { userMotiveId: '12a' }),
			'Item 1: User Motive ID must be a whole number, got "12a"',
		],
	];
	for (const [parameters, message, item] of cases) {
		const result = await runNode({ store, parameters, items: item ? [item] : undefined });
		expect(result.error?.message).toBe(message);
	}
	expect(await control.requests()).toEqual([]);
});

test('a customer key from Get Customer Key reaches the same permanent library from any session', async () => {
	const keyRun = await runNode({
		store: demoStore(sandbox),
		// No shop: the operation needs none, and n8n must not ask for one.
		parameters: { resource: 'userMotive', operation: 'getCustomerKey' },
	});
	expect(keyRun.error).toBeUndefined();
	const customerKey = keyRun.items[0].json.customerKey as string;
	expect(customerKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

	const first = demoStore(sandbox, { customerKey });
	const uploaded = await runNode({
		store: first,
		parameters: userMotive('upload', { source: 'binary' }),
		items: [binaryItem(tinyPng(), 'kept.png', 'image/png')],
	});
	expect(uploaded.items[0].json).toMatchObject({ name: 'kept.png', library: 'permanent' });

	// A new login with the same key sees it; a login without a key has its own, empty library.
	const second = demoStore(sandbox, { customerKey });
	const listed = await runNode({
		store: second,
		parameters: userMotive('getAll', { returnAll: true }),
	});
	expect(listed.items.map((item) => item.json.id)).toEqual([uploaded.items[0].json.id]);
	expect(second.preAuthenticationCount).toBe(1);
	expect(String(second.data().sessionToken)).not.toBe(String(first.data().sessionToken));

	const withoutKey = await runNode({
		store: demoStore(sandbox),
		parameters: userMotive('getAll', { returnAll: true }),
	});
	expect(withoutKey.items).toEqual([]);

	const logins = (await control.requests()).filter((r) => r.path === '/auth');
	expect(logins.map((r) => r.method)).toEqual(['GET', 'POST', 'POST', 'GET']);
});

test('a JPEG named .png is accepted by its content and sent as .jpg', async () => {
	const store = demoStore(sandbox);
	const jpeg = tinyJpeg();
	const result = await runNode({
		store,
		parameters: userMotive('upload', { source: 'binary' }),
		items: [
			binaryItem(jpeg, 'holiday.png', 'image/png'),
			binaryItem(jpeg, 'scan', 'application/octet-stream'),
		],
	});
	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => item.json.name)).toEqual(['holiday.jpg', 'scan.jpg']);
	expect((await storedImage(store, result.items[0].json.id)).equals(jpeg)).toBe(true);
});
