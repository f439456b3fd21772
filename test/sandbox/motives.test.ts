import type { Sandbox } from '../../sandbox';
import { SandboxControl, SHOP_PATH, useSandbox } from '../support/sandbox';
import {
	basic,
	deferredOrder,
	list,
	multipartFile,
	ServiceClient,
	type Json,
} from '../support/service';

const PNG = Buffer.concat([
	Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
	Buffer.alloc(32, 1),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 2)]);
const GIF = Buffer.from('GIF89a-not-accepted');

const multipart = (data: Buffer, filename: string, field = 'file') =>
	multipartFile(data, filename, { field });

describe('sandbox: motives and user motives', () => {
	let sandbox: Sandbox;
	let control: SandboxControl;
	let demo: ServiceClient;

	// The routes the contract does not list are on here, also in a plain run: these tests check
	// what they do; test/sandbox/routes.test.ts checks that they are absent by default.
	useSandbox(
		(started) => {
			({ sandbox, control } = started);
			demo = new ServiceClient(sandbox.baseUrl);
		},
		{ motiveRemovals: true, motiveCategoryList: true },
	);
	beforeEach(() => demo.login());

	const createMotive = async (name = 'Rocket', type = 'HIGH_RESOLUTION_BITMAP') => {
		const result = await demo.post(`${SHOP_PATH}/motives`, { motive: { name, type } });
		expect(result.status).toBe(200);
		return result.json.motive;
	};

	test('create answers id, uuid, name, type; get, list, update and delete', async () => {
		const motive = await createMotive();
		expect(motive).toMatchObject({
			id: expect.any(Number),
			name: 'Rocket',
			type: 'HIGH_RESOLUTION_BITMAP',
		});
		expect(motive.uuid).toMatch(/^[0-9a-f-]{36}$/);
		expect((await demo.get(`${SHOP_PATH}/motives/${motive.id}`)).json.motive.name).toBe('Rocket');
		const all = list((await demo.get(`${SHOP_PATH}/motives`)).json.pagedData.motive).map(
			(m) => m.id,
		);
		expect(all).toEqual([5001, 5002, 5003, motive.id]);
		const updated = await demo.put(`${SHOP_PATH}/motives/${motive.id}`, {
			motive: { name: 'Rocket 2', type: 'VECTOR' },
		});
		expect(updated.json.motive).toMatchObject({ name: 'Rocket 2', type: 'VECTOR' });
		expect((await demo.delete(`${SHOP_PATH}/motives/${motive.id}`)).status).toBe(204);
		expect((await demo.get(`${SHOP_PATH}/motives/${motive.id}`)).status).toBe(404);
		expect((await demo.delete(`${SHOP_PATH}/motives/${motive.id}`)).status).toBe(404);
	});

	test('create and update validation: name required, type from the list; viewer cannot write', async () => {
		expect((await demo.post(`${SHOP_PATH}/motives`, { motive: { type: 'VECTOR' } })).status).toBe(
			400,
		);
		expect(
			(await demo.post(`${SHOP_PATH}/motives`, { motive: { name: 'x', type: 'PAINTING' } })).status,
		).toBe(400);
		expect((await demo.post(`${SHOP_PATH}/motives`, { name: 'x' })).status).toBe(400);
		expect(
			(await demo.put(`${SHOP_PATH}/motives/5001`, { motive: { type: 'PAINTING' } })).status,
		).toBe(400);
		const viewer = new ServiceClient(sandbox.baseUrl);
		await viewer.login('viewer');
		expect((await viewer.post(`${SHOP_PATH}/motives`, { motive: { name: 'x' } })).status).toBe(403);
		expect((await viewer.get(`${SHOP_PATH}/motives/5001`)).status).toBe(200);
	});

	test('bitmap upload accepts JPEG and PNG by magic bytes only', async () => {
		const motive = await createMotive();
		const png = await demo.call(
			'POST',
			`${SHOP_PATH}/motives/${motive.id}/bitmap`,
			multipart(PNG, 'rocket.png'),
		);
		expect(png.status).toBe(200);
		expect(png.json.motive.id).toBe(motive.id);
		const image = await demo.get(`${SHOP_PATH}/motives/${motive.id}/image`);
		expect(image.headers['content-type']).toBe('image/png');
		expect(image.bytes.equals(PNG)).toBe(true);
		expect(
			(
				await demo.call(
					'POST',
					`${SHOP_PATH}/motives/${motive.id}/bitmap`,
					multipart(JPEG, 'rocket.jpg'),
				)
			).status,
		).toBe(200);
		expect(
			(await demo.get(`${SHOP_PATH}/motives/${motive.id}/image`)).headers['content-type'],
		).toBe('image/jpeg');
		// A GIF named .png is still a GIF.
		expect(
			(
				await demo.call(
					'POST',
					`${SHOP_PATH}/motives/${motive.id}/bitmap`,
					multipart(GIF, 'fake.png'),
				)
			).status,
		).toBe(400);
		expect(
			(
				await demo.call(
					'POST',
					`${SHOP_PATH}/motives/${motive.id}/bitmap`,
					multipart(PNG, 'x.png', 'image'),
				)
			).status,
		).toBe(400);
		expect(
			(await demo.call('POST', `${SHOP_PATH}/motives/999/bitmap`, multipart(PNG, 'x.png'))).status,
		).toBe(404);
	});

	test('technologies: assign a known one once', async () => {
		const motive = await createMotive();
		const path = `${SHOP_PATH}/motives/${motive.id}/technologies`;
		const assigned = await demo.post(path, {
			motivePrintTechnology: { printTechnology: { id: 12 } },
		});
		expect(assigned.status).toBe(200);
		expect(assigned.json.motivePrintTechnology.printTechnology).toEqual({
			id: 12,
			name: 'Digital DTF',
		});
		expect(
			(await demo.post(path, { motivePrintTechnology: { printTechnology: { id: 12 } } })).status,
		).toBe(409);
		expect(
			(await demo.post(path, { motivePrintTechnology: { printTechnology: { id: 99 } } })).status,
		).toBe(400);
		expect(list((await demo.get(path)).json.pagedData.motivePrintTechnology)).toHaveLength(1);
		expect((await demo.delete(`${path}/${assigned.json.motivePrintTechnology.id}`)).status).toBe(
			204,
		);
	});

	test('localizations, tags and categories', async () => {
		const motive = await createMotive();
		const base = `${SHOP_PATH}/motives/${motive.id}`;
		const de = await demo.post(`${base}/localizations`, {
			motiveLocalized: { langId: 2, name: 'Rakete', description: 'Eine Rakete' },
		});
		expect(de.status).toBe(200);
		expect(de.json.motiveLocalized).toMatchObject({ langId: 2, language: 'de', name: 'Rakete' });
		await demo.post(`${base}/localizations`, {
			motiveLocalized: { langId: '2', name: 'Rakete 2' },
		});
		await demo.post(`${base}/localizations`, { motiveLocalized: { langId: 7, name: 'Raket' } });
		const translations = list(
			(await demo.get(`${base}/localizations`)).json.pagedData.motiveLocalized,
		);
		expect(translations.map((l) => [l.langId, l.language, l.name])).toEqual([
			[2, 'de', 'Rakete 2'],
			[7, '', 'Raket'],
		]);
		// Only the contract-derived body is taken: a language code, or another root, is refused.
		for (const body of [
			{ motiveLocalized: { language: 'fr', name: 'Fusée' } },
			{ motiveLocalized: { langId: 0, name: 'Fusée' } },
			{ motiveLocalized: { langId: 3 } },
			{ motiveLocalization: { langId: 3, name: 'Fusée' } },
		]) {
			expect((await demo.post(`${base}/localizations`, body)).status).toBe(400);
		}

		expect((await demo.put(`${base}/tags/501`)).status).toBe(204);
		expect((await demo.put(`${base}/tags/999`)).status).toBe(404);
		expect(list((await demo.get(`${base}/tags`)).json.pagedData.tag).map((t) => t.name)).toEqual([
			'summer',
		]);
		expect((await demo.delete(`${base}/tags/501`)).status).toBe(204);

		const assign = (body: Json) => demo.post(`${base}/assignedCategories`, body);
		const category = await assign({ motiveAssignedToCategory: { category: { id: 601 } } });
		expect(category.json.motiveAssignedToCategory.category).toEqual({ id: 601, name: 'Animals' });
		expect((await assign({ motiveAssignedToCategory: { category: { id: 601 } } })).status).toBe(
			409,
		);
		expect((await assign({ motiveAssignedToCategory: { category: { id: 1 } } })).status).toBe(400);
		const otherRoot = await assign({ motiveAssignedCategory: { category: { id: 602 } } });
		expect(otherRoot.status).toBe(400);
		expect(otherRoot.json.exception.message).toBe(
			'Body must have the root key motiveAssignedToCategory',
		);
		expect((await assign({ category: { id: 602 } })).status).toBe(400);
		expect(
			list((await demo.get(`${base}/assignedCategories`)).json.pagedData.motiveAssignedToCategory),
		).toHaveLength(1);
	});

	test('quirk langIdAsCode: localizations carry a code only, and a code is taken where a number was', async () => {
		await control.call('PUT', '/quirks', { langIdAsCode: true });
		const tee = (await demo.get(`${SHOP_PATH}/products/expanded/1001`)).json.product;
		expect(list(tee.localizations.productLocalized).map((l) => [l.langId, l.language])).toEqual([
			['en', undefined],
			['de', undefined],
		]);
		const motive = await createMotive();
		const base = `${SHOP_PATH}/motives/${motive.id}`;
		const post = (langId: unknown, name: string) =>
			demo.post(`${base}/localizations`, { motiveLocalized: { langId, name } });
		expect((await post('de', 'Rakete')).json.motiveLocalized).toMatchObject({
			langId: 'de',
			name: 'Rakete',
		});
		expect((await post('DE', 'Rakete 2')).status).toBe(200); // the same language: replaced
		expect((await post('en-GB', 'Rocket')).status).toBe(200);
		for (const refused of [2, '2', 'German', '']) {
			expect((await post(refused, 'x')).status).toBe(400);
		}
		const translations = list(
			(await demo.get(`${base}/localizations`)).json.pagedData.motiveLocalized,
		);
		expect(translations.map((l) => [l.langId, l.name])).toEqual([
			['DE', 'Rakete 2'],
			['en-GB', 'Rocket'],
		]);
		const snippet = (langId: string) =>
			demo.get(`${SHOP_PATH}/creator/snippet?langId=${encodeURIComponent(langId)}`);
		const packed = new URL((await snippet('en-GB')).json.creatorSnippet.preloaderUrl);
		expect(packed.searchParams.get('langId')).toBe('en-GB');
		expect((await snippet('2')).status).toBe(400);

		// Off again (the default), the same records carry the numeric ID beside the code.
		await control.call('PUT', '/quirks', { langIdAsCode: false });
		const again = list((await demo.get(`${base}/localizations`)).json.pagedData.motiveLocalized);
		expect(again.map((l) => [l.langId, l.language])).toEqual([
			[2, 'DE'],
			[undefined, 'en-GB'],
		]);
		expect((await snippet('de')).status).toBe(400);
	});
	test('creator/motives lists the shop motives; a created motive is usable in an order', async () => {
		const motive = await createMotive('For order');
		const creator = list(
			(await demo.get(`${SHOP_PATH}/creator/motives?size=20`)).json.pagedData.motive,
		).map((m) => m.id);
		expect(creator).toContain(motive.id);
		const order = deferredOrder();
		order.creatorse_productionOrderDeferred.designs.creatorse_design[0].compositions.creatorse_composition[0].elements =
			[{ creatorse_designElementMotive: { motive: { id: motive.id } } }];
		expect((await demo.post(`${SHOP_PATH}/orders/usingCreatorSE`, order)).status).toBe(200);
		// Motives of another shop are not usable.
		order.creatorse_productionOrderDeferred.designs.creatorse_design[0].compositions.creatorse_composition[0].elements =
			[{ creatorse_designElementMotive: { motive: { id: 5101 } } }];
		expect((await demo.post(`${SHOP_PATH}/orders/usingCreatorSE`, order)).status).toBe(400);
	});

	describe('user motives', () => {
		const upload = (client: ServiceClient, name = 'selfie.png') =>
			client.post(`${SHOP_PATH}/userMotives/createFromData`, {
				userMotiveUpload: { attachment: PNG.toString('base64'), filename: name },
			});

		test('createFromData (attachment or url) and createFromMultipartForm answer a motive', async () => {
			const fromData = await upload(demo);
			expect(fromData.status).toBe(200);
			expect(fromData.json.motive).toMatchObject({
				id: expect.any(Number),
				name: 'selfie.png',
				type: 'USER_BITMAP',
			});
			const fromUrl = await demo.post(`${SHOP_PATH}/userMotives/createFromData`, {
				userMotiveUpload: { url: 'https://img.example.com/cat.jpg' },
			});
			expect(fromUrl.json.motive).toMatchObject({
				name: 'cat.jpg',
				url: 'https://img.example.com/cat.jpg',
			});
			const fromForm = await demo.call(
				'POST',
				`${SHOP_PATH}/userMotives/createFromMultipartForm`,
				multipart(JPEG, 'form.jpg'),
			);
			expect(fromForm.status).toBe(200);
			expect(fromForm.json.motive.name).toBe('form.jpg');

			const mine = list((await demo.get(`${SHOP_PATH}/userMotives`)).json.pagedData.motive);
			expect(mine).toHaveLength(3);
			const id = fromData.json.motive.id;
			expect((await demo.get(`${SHOP_PATH}/userMotives/${id}`)).json.motive.id).toBe(id);
			const image = await demo.get(`${SHOP_PATH}/userMotives/${id}/image`);
			expect(image.bytes.equals(PNG)).toBe(true);
			expect((await demo.delete(`${SHOP_PATH}/userMotives/${id}`)).status).toBe(204);
			expect((await demo.get(`${SHOP_PATH}/userMotives/${id}`)).status).toBe(404);
		});

		test('upload validation: not an image, no filename, bad url, nothing at all', async () => {
			const path = `${SHOP_PATH}/userMotives/createFromData`;
			expect(
				(
					await demo.post(path, {
						userMotiveUpload: { attachment: GIF.toString('base64'), filename: 'a.gif' },
					})
				).status,
			).toBe(400);
			expect(
				(await demo.post(path, { userMotiveUpload: { attachment: PNG.toString('base64') } }))
					.status,
			).toBe(400);
			expect(
				(await demo.post(path, { userMotiveUpload: { url: 'file:///etc/passwd' } })).status,
			).toBe(400);
			expect((await demo.post(path, { userMotiveUpload: {} })).status).toBe(400);
			expect(
				(
					await demo.call(
						'POST',
						`${SHOP_PATH}/userMotives/createFromMultipartForm`,
						multipart(GIF, 'x.png'),
					)
				).status,
			).toBe(400);
		});

		test('without a customer key the library belongs to the session', async () => {
			await upload(demo);
			const second = new ServiceClient(sandbox.baseUrl);
			await second.login();
			expect((await second.get(`${SHOP_PATH}/userMotives`)).json.pagedData.totalElements).toBe(0);
			expect((await demo.get(`${SHOP_PATH}/userMotives`)).json.pagedData.totalElements).toBe(1);
		});

		test('with the same customer key every session reaches the same permanent library', async () => {
			const key = (await demo.get('/public/nonce/uuid', { token: null })).json.string.value;
			const loginWithKey = async () => {
				const client = new ServiceClient(sandbox.baseUrl);
				const result = await client.call('POST', '/auth', {
					headers: { authorization: basic('demo', 'demo-password'), 'x-customer-key': key },
				});
				client.token = String(result.headers['x-auth-token']);
				return client;
			};
			const first = await loginWithKey();
			const created = await upload(first, 'kept.png');
			await first.delete('/auth');
			const later = await loginWithKey();
			const library = list((await later.get(`${SHOP_PATH}/userMotives`)).json.pagedData.motive);
			expect(library.map((m) => m.id)).toEqual([created.json.motive.id]);
			expect((await demo.get(`${SHOP_PATH}/userMotives/${created.json.motive.id}`)).status).toBe(
				404,
			);
		});

		test('the viewer may use its own user motive library', async () => {
			const viewer = new ServiceClient(sandbox.baseUrl);
			await viewer.login('viewer');
			expect((await upload(viewer)).status).toBe(200);
		});
	});
});

describe('sandbox: a motive record, plain and with option motiveDetails', () => {
	const started: Record<'plain' | 'details', Sandbox | undefined> = {
		plain: undefined,
		details: undefined,
	};
	useSandbox((s) => (started.plain = s.sandbox), { motiveDetails: false });
	useSandbox((s) => (started.details = s.sandbox), { motiveDetails: true });

	test.each(['plain', 'details'] as const)(
		'%s: the record; technologies and tags always by their links',
		async (which) => {
			const demo = new ServiceClient((started[which] as Sandbox).baseUrl);
			await demo.login();
			const record = (await demo.get(`${SHOP_PATH}/motives/5002`)).json.motive;
			const links = list(record['atom.link']).map((link) => link['@rel']);
			expect(links).toEqual(
				expect.arrayContaining(['self', 'image', 'preview', 'technologies', 'tags']),
			);
			const tags = list((await demo.get(`${SHOP_PATH}/motives/5002/tags`)).json.pagedData.tag);
			expect(tags.map((t) => t.id)).toEqual([501, 503]);
			if (which === 'plain') {
				// The field notes' {id, uuid, name, type}, its timestamp and its links; nothing inline.
				expect(Object.keys(record).sort()).toEqual(
					['atom.link', 'created', 'id', 'name', 'type', 'uuid'].sort(),
				);
			} else {
				expect(record).toMatchObject({ hasBitmap: false, tags: { tag: expect.any(Array) } });
				expect(list(record.tags.tag).map((t) => t.id)).toEqual([501, 503]);
				const technologies = list(record.technologies.motivePrintTechnology);
				expect(technologies.map((t) => t.printTechnology.id)).toEqual([11]);
			}
		},
	);
});
