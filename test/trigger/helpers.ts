import { DEMO } from '../../sandbox';
import { CredentialStore } from '../support/n8n';
import { SHOP_PATH, type Json } from '../support/sandbox';

export type { Json } from '../support/sandbox';

export function credentialStore(
	baseUrl: string,
	mediaType: 'json' | 'xml' = 'json',
): CredentialStore {
	return new CredentialStore({
		podPlatformApi: {
			environment: 'custom',
			baseUrl,
			login: DEMO.login,
			password: DEMO.password,
			accountId: '387',
			customerKey: '',
			mediaType,
			sessionToken: '',
		},
	});
}

/** A plain HTTP client of the service, independent of the nodes, to look at what is stored. */
export class Service {
	private token = '';

	constructor(readonly baseUrl: string) {}

	async request(
		method: string,
		path: string,
		body?: unknown,
	): Promise<{ status: number; json: Json }> {
		if (!this.token) {
			const login = await fetch(`${this.baseUrl}/auth`, {
				headers: { authorization: `Basic ${Buffer.from('demo:demo-password').toString('base64')}` },
			});
			this.token = login.headers.get('x-auth-token') ?? '';
		}
		const response = await fetch(`${this.baseUrl}${path}`, {
			method,
			headers: {
				'x-auth-token': this.token,
				accept: 'application/json',
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		return { status: response.status, json: text ? JSON.parse(text) : {} };
	}

	/** Every subscription of the shop, as the service holds it. */
	async subscriptions(): Promise<Json[]> {
		const { json } = await this.request('GET', `${SHOP_PATH}/webhooks?size=100`);
		const items = json.pagedData?.webhook;
		if (items === undefined || items === '') return [];
		return Array.isArray(items) ? items : [items];
	}

	async submitOrder(overrides: Json = {}): Promise<number> {
		const { status, json } = await this.request(
			'POST',
			`${SHOP_PATH}/orders/usingCreatorSE`,
			deferredOrder(overrides),
		);
		if (status !== 200) throw new Error(`order submission → ${status} ${JSON.stringify(json)}`);
		return json.productionOrderSubmited.id;
	}
}

export function deferredOrder(overrides: Json = {}): Json {
	return {
		creatorse_productionOrderDeferred: {
			uniqueId: `TRG-${Math.random().toString(36).slice(2, 10)}`,
			financialStatus: 'PAID',
			country: { id: 1 },
			customer: {
				firstName: 'Ada',
				lastName: 'Lovelace',
				email: 'ada@example.com',
				shippingAddress: {
					street: 'Main Street',
					streetNo: '1',
					city: 'Leipzig',
					zip: '04109',
					countryCode: 'DE',
				},
			},
			orderShipping: { title: 'Standard', carrier: { id: 21 } },
			designs: {
				creatorse_design: [
					{
						productId: 1001,
						amount: 2,
						assignedColor: { id: 2001 },
						assignedSize: { id: 3002 },
						compositions: '',
					},
				],
			},
			...overrides,
		},
	};
}
