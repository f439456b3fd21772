/* eslint-disable @n8n/community-nodes/no-restricted-imports -- tests run on Node, never shipped */
/**
 * The service refuses connections (stopped, a closed port). Submit's own headline stays the one
 * shown, not n8n's generic line for the network code ("The service refused the connection - perhaps
 * it is offline"), and a refused connection says what it means: the order never reached the
 * service, so it was NOT sent, also when the service went down between Submit's look-up and its
 * submission.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

import { startSandbox, type Sandbox } from '../../sandbox';
import { runNode } from '../support/n8n';
import { SandboxControl, sandboxCredentials } from '../support/sandbox';
import { order, submitParameters } from './helpers';

/** The base URL of a sandbox that has stopped: its port now refuses every connection. */
async function stoppedServiceUrl(): Promise<string> {
	const sandbox = await startSandbox({ port: 0 });
	await sandbox.close();
	return sandbox.baseUrl;
}

/**
 * A TCP relay to the sandbox that stops listening once it has relayed the first request whose
 * first line matches `lastRequest`: that request is answered, and every later connection (n8n's
 * helper opens one per request) is refused, as when the service goes down at that moment.
 */
async function goesDownAfter(
	sandbox: Sandbox,
	lastRequest: RegExp,
): Promise<{ baseUrl: string; close(): void }> {
	const target = new URL(sandbox.baseUrl);
	const sockets = new Set<Socket>();
	const relay: Server = createServer((client) => {
		const upstream = connect(Number(target.port), target.hostname);
		for (const socket of [client, upstream]) {
			sockets.add(socket);
			socket.on('error', () => socket.destroy());
			socket.on('close', () => sockets.delete(socket));
		}
		client.on('data', (chunk: Buffer) => {
			if (relay.listening && lastRequest.test(chunk.toString('latin1').split('\r\n')[0])) {
				relay.close();
			}
			upstream.write(chunk);
		});
		upstream.pipe(client);
	});
	await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
	const { port } = relay.address() as { port: number };
	return {
		baseUrl: `http://127.0.0.1:${port}${target.pathname}`,
		close: () => {
			if (relay.listening) relay.close();
			for (const socket of sockets) socket.destroy();
		},
	};
}

const CATALOG_READ = /^GET \S*\/products\/expanded\/\d+ /;
const LOOK_UP = /^GET \S*\/orders\?/;
/** n8n's line for ECONNREFUSED, then Submit's word for a submission that never reached the service. */
const NEVER_REACHED =
	/^The service refused the connection - perhaps it is offline\. No connection to the service could be made, so the order never reached it: nothing was created\./;

describe('faults: the service refuses connections', () => {
	test("stopped from the start: the first request says so in the node's words, n8n's line below them", async () => {
		const store = sandboxCredentials({ baseUrl: await stoppedServiceUrl() } as Sandbox, {
			accountId: '387',
			sessionToken: 'a-session-token',
		});
		const result = await runNode({
			store,
			parameters: submitParameters(),
			items: [{ json: { order: order('OUTAGE-0') } }],
		});
		expect(result.error?.message).toMatch(
			/^The service could not be reached \(ECONNREFUSED\) 5 times over \d+\.\d s$/,
		);
		// n8n's line agrees with it (nothing was sent), so it stays, as the description's opening.
		expect(result.error?.description).toBe(
			'The service refused the connection - perhaps it is offline. Check the base URL of the credential and the network, then run again.',
		);
	});

	describe('the service goes down during the run', () => {
		let sandbox: Sandbox;
		let control: SandboxControl;
		beforeAll(async () => {
			sandbox = await startSandbox({ port: 0, deferredProcessingMs: 10_000 });
			control = new SandboxControl(sandbox);
		});
		afterAll(async () => await sandbox.close());
		beforeEach(async () => await control.reset());

		const submissions = async () =>
			(await control.requests()).filter(
				(r) => r.method === 'POST' && /usingCreatorSE$/.test(r.path),
			);

		test.each([
			{
				name: 'Exactly Once on, down after the catalog read: the look-up is refused',
				exactlyOnce: true,
				lastRequest: CATALOG_READ,
				why: /^The service refused the connection - perhaps it is offline\. The node could not look its Unique ID up before sending, so it did not send it: nothing was created\./,
			},
			{
				name: 'Exactly Once on, down after the look-up: the submission is refused',
				exactlyOnce: true,
				lastRequest: LOOK_UP,
				why: NEVER_REACHED,
			},
			{
				name: 'Exactly Once off, down after the catalog read: the submission is refused',
				exactlyOnce: false,
				lastRequest: CATALOG_READ,
				why: NEVER_REACHED,
			},
		])(
			"$name: Submit's headline, NOT sent, nothing made; the next run prints it once",
			async ({ exactlyOnce, lastRequest, why }) => {
				const uniqueId = `OUTAGE-${exactlyOnce ? 'ON' : 'OFF'}-${lastRequest === LOOK_UP ? 'L' : 'C'}`;
				const items = [{ json: { order: order(uniqueId) } }];
				const parameters = submitParameters({ exactlyOnce });
				const relay = await goesDownAfter(sandbox, lastRequest);
				try {
					const down = await runNode({
						store: sandboxCredentials({ baseUrl: relay.baseUrl } as Sandbox, {
							accountId: '387',
						}),
						parameters,
						items,
					});
					const message = String(down.error?.message);
					const description = String(down.error?.description);
					// A refused connection carried nothing: sent again like any request, five times in all.
					expect(message).toMatch(
						new RegExp(
							`^The order with Unique ID ${uniqueId} was NOT sent: the service could not be reached \\(ECONNREFUSED\\) 5 times over \\d+\\.\\d s$`,
						),
					);
					expect(description).toMatch(why);
					expect(`${message} ${description}`).not.toMatch(/may have|may or may not/i);
					expect(await submissions()).toEqual([]);
					expect(await control.orders(uniqueId)).toEqual([]);
				} finally {
					relay.close();
				}

				const again = await runNode({
					store: sandboxCredentials(sandbox, { accountId: '387' }),
					parameters,
					items,
				});
				expect(again.error).toBeUndefined();
				expect(again.items[0].json).toMatchObject({ uniqueId });
				expect(await control.orders(uniqueId)).toHaveLength(1);
			},
		);
	});
});
