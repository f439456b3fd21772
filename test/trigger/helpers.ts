import { DEMO } from '../../sandbox';
import { CredentialStore } from '../support/n8n';

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
