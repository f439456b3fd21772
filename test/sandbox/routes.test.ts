/**
 * Routes beyond the contract's endpoint tables: each is served only with its option, off by
 * default (sandbox/README.md, Options); the plain sandbox answers them as a service without them
 * would, 404 for an unknown path and 405 for a known path with another method.
 */
import { DEMO, startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import { SHOP_PATH } from '../support/sandbox';
import { list, ServiceClient, type Json } from '../support/service';

const MOTIVE = `${SHOP_PATH}/motives/5002`;

/** Each route option, and the requests only it serves, with the status of each when it is on. */
const ROUTES: Array<{
	option: keyof SandboxOptions;
	requests: Array<{
		method: 'GET' | 'DELETE';
		path: string;
		on: number;
		off: number;
		/** The exception message with the option on, where the status alone does not tell. */
		message?: string;
	}>;
}> = [
	{
		option: 'templateProductList',
		requests: [{ method: 'GET', path: `${SHOP_PATH}/templateProducts`, on: 200, off: 404 }],
	},
	{
		option: 'sharedProductById',
		requests: [
			{ method: 'GET', path: `${SHOP_PATH}/sharedProducts/9501`, on: 200, off: 404 },
			{
				method: 'GET',
				path: `${SHOP_PATH}/sharedProducts/${DEMO.sharedProductUuid}`,
				on: 200,
				off: 404,
			},
		],
	},
	{
		option: 'shopTagAndCategoryLists',
		requests: [
			{ method: 'GET', path: `${SHOP_PATH}/tags`, on: 200, off: 404 },
			{ method: 'GET', path: `${SHOP_PATH}/categories`, on: 200, off: 404 },
		],
	},
	{
		// The contract's POST on the same path stays: a GET there is another method, 405.
		option: 'motiveCategoryList',
		requests: [{ method: 'GET', path: `${MOTIVE}/assignedCategories`, on: 200, off: 405 }],
	},
	{
		option: 'motiveRemovals',
		requests: [
			// Tag 501 is seeded on motive 5002; the contract's PUT on the path stays (405 off).
			{ method: 'DELETE', path: `${MOTIVE}/tags/501`, on: 204, off: 405 },
			// Motive 5002's seeded assignment of technology 11.
			{ method: 'DELETE', path: `${MOTIVE}/technologies/105002`, on: 204, off: 404 },
			// No translation 1: the route answers its own 404, the plain sandbox has no such path.
			{
				method: 'DELETE',
				path: `${MOTIVE}/localizations/1`,
				on: 404,
				off: 404,
				message: 'Localization not found',
			},
		],
	},
];

describe('sandbox: routes the contract does not list', () => {
	const started: Sandbox[] = [];
	const client = async (options: SandboxOptions) => {
		const sandbox = await startSandbox({ port: 0, ...options });
		started.push(sandbox);
		const demo = new ServiceClient(sandbox.baseUrl);
		await demo.login();
		return demo;
	};
	afterAll(async () => await Promise.all(started.map((sandbox) => sandbox.close())));

	const everyRoute = (on: boolean) =>
		Object.fromEntries(ROUTES.map(({ option }) => [option, on])) as SandboxOptions;

	test('by default none is served: 404, or 405 where the contract has the path with another method', async () => {
		const plain = await client(everyRoute(false));
		for (const { option, requests } of ROUTES) {
			for (const { method, path, off } of requests) {
				const answer = method === 'GET' ? await plain.get(path) : await plain.delete(path);
				expect([option, method, path, answer.status]).toEqual([option, method, path, off]);
				expect(answer.json.exception.message).toBe(
					off === 404 ? 'Not Found' : 'Method Not Allowed',
				);
			}
		}
		// Nor does a shared product name a `self` link to a path the plain sandbox does not serve.
		const shared = list(
			(await plain.get(`${SHOP_PATH}/sharedProducts`)).json.pagedData.sharedProduct,
		);
		expect(shared[0]).toMatchObject({ uuid: DEMO.sharedProductUuid });
		expect(shared[0]).not.toHaveProperty('atom.link');
	});

	test('each is served with its own option, and only with it', async () => {
		for (const { option, requests } of ROUTES) {
			const only = await client({ ...everyRoute(false), [option]: true });
			for (const { method, path, on, message } of requests) {
				const answer = method === 'GET' ? await only.get(path) : await only.delete(path);
				expect([option, method, path, answer.status]).toEqual([option, method, path, on]);
				if (message) expect(answer.json.exception.message).toBe(message);
			}
		}
	});

	test('what they answer with the options on', async () => {
		const kind = await client(everyRoute(true));
		const templates = list(
			(await kind.get(`${SHOP_PATH}/templateProducts`)).json.pagedData.templateProduct,
		);
		expect(templates.map((t: Json) => t.sku)).toContain('TPL-TEE-LOGO');
		const byUuid = await kind.get(`${SHOP_PATH}/sharedProducts/${DEMO.sharedProductUuid}`);
		expect(byUuid.json.sharedProduct.id).toBe(9501);
		const [listed] = list(
			(await kind.get(`${SHOP_PATH}/sharedProducts`)).json.pagedData.sharedProduct,
		);
		expect(listed['atom.link']['@href']).toMatch(/\/sharedProducts\/9501$/);
		expect(
			list((await kind.get(`${SHOP_PATH}/tags`)).json.pagedData.tag).map((t: Json) => t.name),
		).toEqual(['summer', 'logo', 'animals']);
		expect(
			list((await kind.get(`${SHOP_PATH}/categories`)).json.pagedData.category).map(
				(c: Json) => c.name,
			),
		).toEqual(['Animals', 'Brands']);
	});
});
