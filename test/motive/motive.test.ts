import type { INodeParameters } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { runNode } from '../support/n8n';
import { SandboxControl, shopParameter, useSandbox } from '../support/sandbox';
import { ServiceClient } from '../support/service';
import { binaryItem, demoStore, tinyJpeg, tinyPng } from './helpers';

let sandbox: Sandbox;
let control: SandboxControl;
const motives = '/accounts/387/shops/1597/motives';
useSandbox((started) => ({ sandbox, control } = started));

function motive(operation: string, parameters: INodeParameters = {}) {
	return { resource: 'motive', operation, shop: shopParameter(), ...parameters };
}

describe('Create From File', () => {
	test('a real PNG and a real JPEG become motives with bitmap and print technology', async () => {
		const store = demoStore(sandbox);
		const png = tinyPng();
		const jpeg = tinyJpeg();
		const result = await runNode({
			store,
			parameters: motive('createFromBinary', { printTechnologyId: '11', deleteOnFailure: true }),
			items: [
				binaryItem(png, 'logo.png', 'image/png'),
				binaryItem(jpeg, 'photo.jpg', 'image/jpeg'),
			],
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		const [first, second] = result.items.map((item) => item.json);
		expect(first).toMatchObject({
			name: 'logo',
			type: 'HIGH_RESOLUTION_BITMAP',
			mimeType: 'image/png',
		});
		expect(second).toMatchObject({ name: 'photo', mimeType: 'image/jpeg' });
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(
			(first.technologies as Array<{ printTechnology: { id: number } }>)[0].printTechnology.id,
		).toBe(11);

		// The sandbox holds exactly the bytes that were sent.
		const image1 = await ServiceClient.as(sandbox.baseUrl).get(`${motives}/${first.id}/image`);
		expect(image1.contentType).toBe('image/png');
		expect(image1.bytes.equals(png)).toBe(true);
		const image2 = await ServiceClient.as(sandbox.baseUrl).get(`${motives}/${second.id}/image`);
		expect(image2.contentType).toBe('image/jpeg');
		expect(image2.bytes.equals(jpeg)).toBe(true);

		const uploads = (await control.requests()).filter((r) => r.path.endsWith('/bitmap'));
		expect(uploads).toHaveLength(2);
		for (const upload of uploads)
			expect(upload.contentType).toMatch(/^multipart\/form-data; boundary=/);
	});

	test('a text file renamed to .png is refused before anything is sent', async () => {
		const store = demoStore(sandbox);
		await control.call('DELETE', '/requests');
		const result = await runNode({
			store,
			parameters: motive('createFromBinary', { printTechnologyId: '11' }),
			items: [binaryItem(Buffer.from('hello, I am not a picture\n'), 'fake.png', 'image/png')],
		});
		expect(result.error?.message).toBe(
			'Item 1: the binary property "data" ("fake.png") is not a JPEG or PNG image; its content is text',
		);
		expect(result.error?.description).toMatch(/JPEG and PNG/);
		expect(await control.requests()).toEqual([]);
		const stats = await control.call('GET', '/stats');
		expect(stats.logins).toBe(0);
	});

	test('a missing binary property and a bad technology id are refused before sending', async () => {
		const store = demoStore(sandbox);
		await control.call('DELETE', '/requests');
		const missing = await runNode({
			store,
			parameters: motive('createFromBinary', {
				printTechnologyId: '11',
				binaryPropertyName: 'image',
			}),
			items: [binaryItem(tinyPng(), 'logo.png', 'image/png')],
		});
		expect(missing.error?.message).toMatch(/no binary field 'image'/);
		const badTechnology = await runNode({
			store,
			parameters: motive('createFromBinary', { printTechnologyId: '11, twelve' }),
			items: [binaryItem(tinyPng(), 'logo.png', 'image/png')],
		});
		expect(badTechnology.error?.message).toBe(
			'Item 1: Print Technology must name one or more print technologies by ID, got "11, twelve"',
		);
		expect(await control.requests()).toEqual([]);
	});

	test('an upload failing after the create deletes the motive and says so', async () => {
		const store = demoStore(sandbox);
		await control.call('POST', '/faults', {
			method: 'POST',
			path: '/bitmap$',
			kind: 'status',
			status: 400,
			body: JSON.stringify({ exception: { message: 'Bitmap rejected' } }),
		});
		const result = await runNode({
			store,
			parameters: motive('createFromBinary', { printTechnologyId: '11', name: 'Doomed' }),
			items: [binaryItem(tinyPng(), 'logo.png', 'image/png')],
		});
		expect(result.error?.message).toMatch(
			/^Item 1: uploading the bitmap failed, motive 20001 was deleted again: .*Bitmap rejected/,
		);
		expect(result.error?.description).toMatch(/Nothing was left behind/);
		expect((await ServiceClient.as(sandbox.baseUrl).get(`${motives}/20001`)).status).toBe(404);
	});

	test('when asked to keep it, the error names the motive left behind', async () => {
		const store = demoStore(sandbox);
		const result = await runNode({
			store,
			parameters: motive('createFromBinary', {
				printTechnologyId: '99',
				name: 'Kept',
				deleteOnFailure: false,
			}),
			items: [binaryItem(tinyPng(), 'logo.png', 'image/png')],
		});
		expect(result.error?.message).toMatch(
			/^Item 1: assigning print technology 99 failed, motive 20001 \("Kept"\) was created and is kept: /,
		);
		expect(result.error?.description).toMatch(/Finish motive 20001 with Upload Bitmap/);
		const kept = await ServiceClient.as(sandbox.baseUrl).get(`${motives}/20001`);
		expect(kept.json.motive).toMatchObject({ name: 'Kept' });
		const image = await ServiceClient.as(sandbox.baseUrl).get(`${motives}/20001/image`);
		expect(image.bytes.equals(tinyPng())).toBe(true);
	});

	test('the multipart body is sent again after a 401 re-login', async () => {
		const store = demoStore(sandbox);
		const created = await runNode({
			store,
			parameters: motive('create', { name: 'Retry', type: 'HIGH_RESOLUTION_BITMAP' }),
		});
		const id = created.items[0].json.id as number;
		await control.call('PUT', '/session-policy', { expireAfterRequests: 1 });
		const before = store.preAuthenticationCount;
		const png = tinyPng();
		const result = await runNode({
			store,
			parameters: motive('uploadBitmap', { motiveId: String(id) }),
			items: [binaryItem(png, 'again.png', 'image/png')],
		});
		await control.call('PUT', '/session-policy', { expireAfterRequests: null });
		expect(result.error).toBeUndefined();
		expect(store.preAuthenticationCount).toBeGreaterThan(before);
		expect(result.items[0].json).toMatchObject({ id });
		const image = await ServiceClient.as(sandbox.baseUrl).get(`${motives}/${id}/image`);
		expect(image.bytes.equals(png)).toBe(true);
		const uploads = (await control.requests()).filter((r) => r.path.endsWith('/bitmap'));
		expect(uploads.map((r) => r.status)).toEqual([401, 200]);
		expect(uploads[0].bodyBytes).toBe(uploads[1].bodyBytes);
		expect(
			(await ServiceClient.as(sandbox.baseUrl).get(`${motives}/${id}/image`)).bytes.equals(png),
		).toBe(true);
	});
});

describe('catalog operations', () => {
	test('create, get, update, assign, localise, tag, categorise, list and delete', async () => {
		const store = demoStore(sandbox);
		const run = async (operation: string, parameters: INodeParameters = {}) => {
			const result = await runNode({ store, parameters: motive(operation, parameters) });
			expect(result.error).toBeUndefined();
			return result.items.map((item) => item.json);
		};

		const [created] = await run('create', { name: 'Vector Star', type: 'VECTOR' });
		expect(created).toMatchObject({ name: 'Vector Star', type: 'VECTOR' });
		expect(typeof created.uuid).toBe('string');
		const motiveId = String(created.id);

		const [fetched] = await run('get', { motiveId });
		expect(fetched).toMatchObject({ id: created.id, name: 'Vector Star' });
		// Embedded in the record or read by their links: none yet.
		expect(fetched.printTechnologies).toEqual([]);
		expect(fetched.tags).toEqual([]);
		expect(fetched).not.toHaveProperty('links');

		const [updated] = await run('update', { motiveId, updateFields: { name: 'Gold Star' } });
		expect(updated).toMatchObject({ name: 'Gold Star', type: 'VECTOR' });

		const [technology] = await run('assignPrintTechnology', { motiveId, printTechnologyId: '12' });
		expect(technology).toMatchObject({ motiveId: created.id, printTechnology: { id: 12 } });

		const [localized] = await run('setLocalization', {
			motiveId,
			langId: ' 2 ',
			name: 'Goldstern',
			description: 'Ein Stern',
		});
		expect(localized).toMatchObject({ motiveId: created.id, langId: 2, name: 'Goldstern' });

		const [tagged] = await run('assignTag', { motiveId, tagId: '501' });
		expect((tagged.tags as Array<{ id: number }>).map((t) => t.id)).toEqual([501]);

		const [categorised] = await run('assignCategory', { motiveId, categoryId: '602' });
		expect(categorised).toMatchObject({ motiveId: created.id, category: { id: 602 } });

		const state = await ServiceClient.as(sandbox.baseUrl).get(`${motives}/${motiveId}`);
		expect(state.json.motive).toMatchObject({ name: 'Gold Star', type: 'VECTOR' });
		const localizations = await ServiceClient.as(sandbox.baseUrl).get(
			`${motives}/${motiveId}/localizations`,
		);
		expect(localizations.json.pagedData.motiveLocalized).toMatchObject({
			langId: 2,
			name: 'Goldstern',
			description: 'Ein Stern',
		});
		// The contract lists no read of a motive's categories; its motive filter joins them.
		const service = ServiceClient.as(sandbox.baseUrl);
		const inCategory = async (categoryId: number) => {
			const filter = await service.post('/filters', {
				motiveFilter: {
					expressionSimple: { property: 'id', op: '=', value: String(motiveId) },
					motiveAssignedToCategoryFilter: {
						expressionSimple: { property: 'id', op: '=', value: String(categoryId) },
					},
				},
			});
			const found = await service.get(`${motives}?filterId=${filter.json.motiveFilter.filterId}`);
			return found.json.pagedData.totalElements;
		};
		expect([await inCategory(602), await inCategory(601)]).toEqual([1, 0]);

		const all = await run('getAll', { returnAll: true });
		expect(all.map((m) => m.id)).toEqual([5001, 5002, 5003, created.id]);
		const limited = await run('getAll', { returnAll: false, limit: 2 });
		expect(limited).toHaveLength(2);
		const vectors = await run('getAll', {
			returnAll: true,
			filterMode: 'json',
			filterJson: JSON.stringify({
				expressionSimple: { property: 'type', op: '=', value: 'VECTOR' },
			}),
		});
		expect(vectors.map((m) => m.name)).toEqual(['Company Logo', 'Gold Star']);
		const creatorMotives = await run('getCreatorMotives', { returnAll: true });
		expect(creatorMotives.map((m) => m.id)).toContain(created.id);

		expect(await run('delete', { motiveId })).toEqual([{ deleted: true }]);
		expect((await ServiceClient.as(sandbox.baseUrl).get(`${motives}/${motiveId}`)).status).toBe(
			404,
		);
	});

	test('bad input is refused before sending, naming item and field', async () => {
		const store = demoStore(sandbox);
		await control.call('DELETE', '/requests');
		const cases: Array<[INodeParameters, string]> = [
			[motive('get', { motiveId: 'abc' }), 'Item 1: Motive ID must be a whole number, got "abc"'],
			[motive('create', { name: '  ' }), 'Item 1: Name is empty'],
			[motive('update', { motiveId: '5001', updateFields: {} }), 'Item 1: nothing to update'],
			[
				motive('setLocalization', { motiveId: '5001', langId: 'German', name: 'x' }),
				'Item 1: Language must be a language ID (a positive whole number) or a language code such as de or en-GB, got "German"',
			],
			[
				motive('assignTag', { motiveId: '5001', tagId: '5x' }),
				'Item 1: Tag ID must be a whole number, got "5x"',
			],
			[
				motive('assignCategory', { motiveId: '5001', categoryId: '6o1' }),
				'Item 1: Category ID must be a whole number, got "6o1"',
			],
			[
				motive('assignPrintTechnology', { motiveId: '5001', printTechnologyId: '-1' }),
				'Item 1: Print Technology ID must be a whole number, got "-1"',
			],
		];
		for (const [parameters, message] of cases) {
			const result = await runNode({ store, parameters });
			expect(result.error?.message).toBe(message);
		}
		expect((await control.requests()).filter((r) => !r.path.endsWith('/auth'))).toEqual([]);
	});

	test('a refused Assign Category or Set Localization body is reported as undocumented, with the service words', async () => {
		const store = demoStore(sandbox);
		const undocumented =
			/^The contract does not document the body of this request \(POST \.\.\.\/motives\/5001\/(assignedCategories with motiveAssignedToCategory\{category\{id\}\}|localizations with motiveLocalized\{langId, name, description\})\), and the service refused it with HTTP (400|404|405)\./;
		const refuse = (path: string, status: number, body?: string) =>
			control.call('POST', '/faults', {
				method: 'POST',
				path,
				kind: 'status',
				status,
				count: 1,
				...(body ? { body } : {}),
			});

		await refuse(
			'/motives/5001/assignedCategories$',
			400,
			JSON.stringify({ exception: { message: 'Unrecognized field "motiveAssignedToCategory"' } }),
		);
		const category = await runNode({
			store,
			parameters: motive('assignCategory', { motiveId: '5001', categoryId: '601' }),
		});
		expect(category.error?.message).toBe('Unrecognized field "motiveAssignedToCategory"');
		expect(category.error?.httpCode).toBe('400');
		expect(category.error?.description).toMatch(undocumented);
		expect(category.error?.description).toMatch(/motiveAssignedToCategory\{category\{id\}\}/);
		expect(category.error?.description).not.toMatch(/correct/i);

		await refuse('/motives/5001/localizations$', 405);
		const localization = await runNode({
			store,
			parameters: motive('setLocalization', { motiveId: '5001', langId: '2', name: 'Logo' }),
		});
		expect(localization.error?.message).toBe(
			'Method Not Allowed (Injected by the sandbox fault table)',
		);
		expect(localization.error?.httpCode).toBe('405');
		expect(localization.error?.description).toMatch(undocumented);
		expect(localization.error?.description).toMatch(/motiveLocalized\{langId, name, description\}/);

		// The fault is used up: the same requests now pass, and a conflict keeps its usual advice.
		const assigned = await runNode({
			store,
			parameters: motive('assignCategory', { motiveId: '5001', categoryId: '601' }),
		});
		expect(assigned.error).toBeUndefined();
		const again = await runNode({
			store,
			parameters: motive('assignCategory', { motiveId: '5001', categoryId: '601' }),
		});
		expect(again.error?.httpCode).toBe('409');
		expect(again.error?.description).not.toMatch(/contract does not document/);
		const localized = await runNode({
			store,
			parameters: motive('setLocalization', { motiveId: '5001', langId: '2', name: 'Logo' }),
		});
		expect(localized.error).toBeUndefined();
		expect(localized.items[0].json).toMatchObject({ motiveId: 5001, langId: 2, name: 'Logo' });
	});

	test('Upload Bitmap refuses a GIF by content even when named .jpg', async () => {
		const store = demoStore(sandbox);
		await control.call('DELETE', '/requests');
		const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
		const result = await runNode({
			store,
			parameters: motive('uploadBitmap', { motiveId: '5002' }),
			items: [{ json: {} }, binaryItem(gif, 'pic.jpg', 'image/jpeg')],
			continueOnFail: true,
		});
		expect(result.items[1].json.error).toBe(
			'Item 2: the binary property "data" ("pic.jpg") is not a JPEG or PNG image; its content is GIF image',
		);
		expect(result.items[0].json.error).toMatch(
			/^This operation expects the node's input data to contain a binary file 'data'/,
		);
		expect((await control.requests()).filter((r) => r.path.endsWith('/bitmap'))).toEqual([]);
	});
});

test('with an XML credential: create from binary, update and the customer key', async () => {
	const store = demoStore(sandbox, { mediaType: 'xml' });
	const png = tinyPng();
	const created = await runNode({
		store,
		parameters: motive('createFromBinary', { printTechnologyId: '11,12', name: 'XML Logo' }),
		items: [binaryItem(png, 'logo.png', 'image/png')],
	});
	expect(created.error).toBeUndefined();
	const record = created.items[0].json;
	expect(record).toMatchObject({
		name: 'XML Logo',
		type: 'HIGH_RESOLUTION_BITMAP',
	});
	const technologies = record.technologies as Array<{ printTechnology: { id: number } }>;
	expect(technologies.map((t) => t.printTechnology.id)).toEqual([11, 12]);
	expect(
		(await ServiceClient.as(sandbox.baseUrl).get(`${motives}/${record.id}/image`)).bytes.equals(
			png,
		),
	).toBe(true);

	const updated = await runNode({
		store,
		parameters: motive('update', {
			motiveId: String(record.id),
			updateFields: { type: 'USER_BITMAP' },
		}),
	});
	expect(updated.items[0].json).toMatchObject({ id: record.id, type: 'USER_BITMAP' });
	expect((await control.requests()).find((r) => r.method === 'PUT')?.contentType).toMatch(
		/^application\/xml/,
	);

	const key = await runNode({
		store,
		parameters: { resource: 'userMotive', operation: 'getCustomerKey' },
	});
	expect(key.items[0].json.customerKey).toMatch(/^[0-9a-f-]{36}$/);
});

describe("Assign Category's lost answer, with and without a list of the motive's categories", () => {
	/** Assign Category on a sandbox whose first POST answer is lost after it took effect. */
	const lostAnswer = async (motiveCategoryList: boolean) => {
		const own = await startSandbox({ port: 0, motiveCategoryList });
		try {
			const ownControl = new SandboxControl(own);
			await ownControl.call('POST', '/faults', {
				method: 'POST',
				path: '/motives/5001/assignedCategories$',
				kind: 'drop-after-processing',
				count: 1,
			});
			const result = await runNode({
				store: demoStore(own),
				parameters: motive('assignCategory', { motiveId: '5001', categoryId: '601' }),
			});
			const posts = (await ownControl.requests()).filter(
				(r) => r.method === 'POST' && r.path.endsWith('/assignedCategories'),
			);
			return { result, posts: posts.length };
		} finally {
			await own.close();
		}
	};

	test('with the list (option motiveCategoryList) the assignment is found there, not sent again', async () => {
		const { result, posts } = await lostAnswer(true);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ motiveId: 5001, category: { id: 601 } });
		expect(posts).toBe(1);
	});

	test('on the plain contract, which lists no such read, it is not sent again and says the outcome is unknown', async () => {
		const { result, posts } = await lostAnswer(false);
		expect(result.error?.description).toMatch(
			/may or may not have reached the service, so it was not sent again/,
		);
		expect(posts).toBe(1);
	});
});

describe("a motive's print technologies and tags: embedded in its record, or behind its links", () => {
	const services: Record<'plain' | 'details', { sandbox?: Sandbox; control?: SandboxControl }> = {
		plain: {},
		details: {},
	};
	// The contract shows no technologies or tags inside a motive record (option motiveDetails).
	useSandbox((started) => (services.plain = started), { motiveDetails: false });
	useSandbox((started) => (services.details = started), { motiveDetails: true });

	test.each([
		['plain', 2],
		['details', 0],
	] as const)(
		'%s: Get and Assign Tag show them, with %i reads of the links',
		async (which, linkReads) => {
			const { sandbox: service, control: log } = services[which] as {
				sandbox: Sandbox;
				control: SandboxControl;
			};
			const store = demoStore(service);
			const relationReads = async () =>
				(await log.requests()).filter((r) => /\/motives\/\d+\/(technologies|tags)$/.test(r.path))
					.length;

			const got = await runNode({ store, parameters: motive('get', { motiveId: '5002' }) });
			expect(got.error).toBeUndefined();
			expect(got.items[0].json).toMatchObject({
				id: 5002,
				printTechnologies: [{ id: 11, name: 'Digital Print' }],
				tags: ['summer', 'animals'],
			});
			expect(await relationReads()).toBe(linkReads);

			await log.call('DELETE', '/requests');
			const tagged = await runNode({
				store,
				parameters: motive('assignTag', { motiveId: '5003', tagId: '502' }),
			});
			expect(tagged.error).toBeUndefined();
			const tags = tagged.items[0].json.tags as Array<{ id: number }>;
			expect(tags.map((tag) => tag.id).sort()).toEqual([501, 502]);
			expect(await relationReads()).toBe(linkReads / 2);
		},
	);
});
