import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import { request } from 'undici';

import type { Sandbox, SandboxOptions } from '../../sandbox';
import { DEMO, startSandbox } from '../../sandbox';
import { CREDENTIAL_TYPE, CredentialStore } from './n8n';

/** JSON as the sandbox answers it, read loosely by the tests. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A stored credential pointing at the sandbox with the demo login, as a user would set it up. */
export function sandboxCredentials(
	sandbox: Sandbox,
	overrides: ICredentialDataDecryptedObject = {},
): CredentialStore {
	return new CredentialStore({
		[CREDENTIAL_TYPE]: {
			environment: 'custom',
			baseUrl: sandbox.baseUrl,
			login: DEMO.login,
			password: DEMO.password,
			accountId: '',
			customerKey: '',
			mediaType: 'json',
			sessionToken: '',
			sessionAccountId: '',
			...overrides,
		},
	});
}

/**
 * The credential fields of the sandbox's Creator page login (`creatorpage`, ROLE_AUTHORIZED_USER),
 * which Creator → Get Snippet needs; add them to a credential with `sandboxCredentials(sandbox,
 * CREATOR_PAGE_LOGIN)`.
 */
export const CREATOR_PAGE_LOGIN = {
	creatorPageLogin: DEMO.users.creatorPage.login,
	creatorPagePassword: DEMO.users.creatorPage.password,
};

export type ControlMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The control API's answer as it came, whatever its status. */
export interface ControlAnswer {
	status: number;
	text: string;
	/** The parsed body; undefined when the body is empty. */
	json: Json | undefined;
}

export interface SandboxStats {
	logins: number;
	requests: number;
	connections: number;
	ordersCreated: number;
	deliveriesAttempted: number;
}

/** One entry of the sandbox's log of service requests (GET /requests). */
export interface LoggedRequest {
	seq: number;
	method: string;
	path: string;
	query: Record<string, string>;
	contentType?: string;
	accept?: string;
	hasToken: boolean;
	status: number;
	bodyBytes: number;
	/** The injected fault that answered this request, if any. */
	fault?: string;
	/** The number of the TCP connection that carried it. */
	connection: number;
	/** When it arrived, in real time (Date.now() of the sandbox's process). */
	arrivedAtMs: number;
}

/**
 * The client of the sandbox's control API (under /__sandbox), the one way tests steer and read
 * the emulator. `call` throws on every answer outside 2xx, naming the method, path, status and
 * body, so a steering step that failed can never let a test pass for the wrong reason. Only tests
 * of the control API's own refusals use `answer`, which returns whatever came back.
 */
export class SandboxControl {
	readonly url: string;

	constructor(sandbox: Sandbox | string) {
		this.url = typeof sandbox === 'string' ? sandbox : sandbox.controlUrl;
	}

	/** Any control call; answers its JSON body as `T`, or throws when the status is not 2xx. */
	async call<T = Json>(method: ControlMethod, path: string, body?: unknown): Promise<T> {
		const answer = await this.answer(method, path, body);
		if (answer.status < 200 || answer.status >= 300) {
			throw new Error(
				`sandbox control ${method} ${path} answered ${answer.status}: ${answer.text || '(empty body)'}`,
			);
		}
		return answer.json as T;
	}

	/** Any control call, answered as it came (no throw on an error status). */
	async answer(method: ControlMethod, path: string, body?: unknown): Promise<ControlAnswer> {
		const response = await request(`${this.url}${path}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.body.text();
		let json: Json | undefined;
		try {
			json = text ? (JSON.parse(text) as Json) : undefined;
		} catch {
			json = undefined;
		}
		return { status: response.statusCode, text, json };
	}

	/** Back to the seeded state: orders, faults, clock, quirks, logs and statistics. */
	async reset(): Promise<void> {
		await this.call('POST', '/reset');
	}

	async stats(): Promise<SandboxStats> {
		return await this.call<SandboxStats>('GET', '/stats');
	}

	/** Every service request since the last reset or clearRequests(), oldest first. */
	async requests(): Promise<LoggedRequest[]> {
		return await this.call<LoggedRequest[]>('GET', '/requests');
	}

	async clearRequests(): Promise<void> {
		await this.call('DELETE', '/requests');
	}

	/** Adds one fault rule (see the sandbox README); answers its id. */
	async fault(spec: Json): Promise<{ id: number }> {
		return await this.call<{ id: number }>('POST', '/faults', spec);
	}

	async clearFaults(): Promise<void> {
		await this.call('DELETE', '/faults');
	}

	/** One order as the service stores it, whatever its account. */
	async order(orderId: number | string): Promise<Json> {
		return await this.call('GET', `/orders/${orderId}`);
	}

	/** Orders of every account as the service stores them; only those with `uniqueId` if given. */
	async orders(uniqueId?: string): Promise<Json[]> {
		const query = uniqueId === undefined ? '' : `?uniqueId=${encodeURIComponent(uniqueId)}`;
		return await this.call<Json[]>('GET', `/orders${query}`);
	}

	/** Every webhook delivery attempt, oldest first. */
	async deliveries(): Promise<Json[]> {
		return await this.call<Json[]>('GET', '/deliveries');
	}
}

/** The demo shop's path in the service API, under the base URL. */
export const SHOP_PATH = `/accounts/${DEMO.accountId}/shops/${DEMO.shopId}`;

/** A resource locator set "By ID", as the editor stores it. */
export const byId = (value: number | string) => ({
	__rl: true,
	mode: 'id',
	value: String(value),
});

/** The Shop field (a resource locator), by default the demo shop. */
export const shopParameter = (shopId: number | string = DEMO.shopId) => byId(shopId);

/**
 * One sandbox for the test file (or describe block) that calls this: started on a free port before
 * its tests, put back to its seed before each test, closed after them. `started` hands it and its
 * control client to the file's own variables. Call it before the file's own beforeEach hooks, so
 * that they run on the reset sandbox (a fresh login, say).
 */
export function useSandbox(
	started: (fixture: { sandbox: Sandbox; control: SandboxControl }) => void,
	options: Omit<SandboxOptions, 'port'> = {},
): void {
	let sandbox: Sandbox | undefined;
	let control: SandboxControl;
	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, ...options });
		control = new SandboxControl(sandbox);
		started({ sandbox, control });
	});
	afterAll(async () => await sandbox?.close());
	beforeEach(async () => await control.reset());
}
