/**
 * Each subscription's secret, derived when needed and never stored. The workflow's static data
 * holds only a random nonce per subscription: an exported or shared workflow carries nothing that
 * signs a delivery. The key comes from the credential (its login and password), which n8n keeps
 * encrypted, and the subscription's identity (shop, webhook address, topic, nonce) tells the
 * secrets of one credential apart.
 *
 * The service keeps the secret it was given, so a changed password leaves it signing with the old
 * one until the subscription is renewed: checkExists compares the two (lifecycle.ts), and n8n
 * renews on the next activation, which every n8n start performs.
 */
import { createHash, createHmac, randomBytes } from 'crypto';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { SECRET_BYTES } from '../shared/signature';

export interface SubscriptionIdentity {
	shopId: string;
	address: string;
	topic: string;
	nonce: string;
}

/** A fresh nonce for a subscription: it changes the secret at every renewal. */
export function generateNonce(): string {
	return randomBytes(16).toString('hex');
}

/** The key the credential holds for deriving webhook secrets. */
function derivationKey(credentials: ICredentialDataDecryptedObject): Buffer {
	return createHash('sha256')
		.update('pod-platform webhook secrets\n')
		.update(`${String(credentials.login ?? '')}\n`)
		.update(String(credentials.password ?? ''))
		.digest();
}

/** The secret of one subscription: 32 bytes as 64 hexadecimal characters, as generated ones are. */
export function subscriptionSecret(
	credentials: ICredentialDataDecryptedObject,
	{ shopId, address, topic, nonce }: SubscriptionIdentity,
): string {
	return createHmac('sha256', derivationKey(credentials))
		.update([shopId, address, topic, nonce].join('\n'))
		.digest()
		.subarray(0, SECRET_BYTES)
		.toString('hex');
}

/** How many derived secrets a process keeps before it starts again from none. */
const SECRETS_KEPT_AT_MOST = 1000;

/**
 * The secrets this process has derived, by subscription identity. Reading the credential is the
 * dearest step of a delivery (n8n reads and decrypts it and builds an expression sandbox each
 * time), so it is read only for a subscription not seen yet, and a forged delivery for a known
 * subscription costs no credential read. A renewal makes a new nonce, and so a new entry; a
 * secret kept after a password change is still the one the service signs with until then.
 */
export class DerivedSecrets {
	private readonly known = new Map<string, string>();

	async of(
		identities: SubscriptionIdentity[],
		readCredentials: () => Promise<ICredentialDataDecryptedObject>,
	): Promise<string[]> {
		const keyOf = ({ shopId, address, topic, nonce }: SubscriptionIdentity) =>
			[shopId, address, topic, nonce].join('\n');
		const missing = identities.filter((identity) => !this.known.has(keyOf(identity)));
		if (missing.length > 0) {
			const credentials = await readCredentials();
			if (this.known.size + missing.length > SECRETS_KEPT_AT_MOST) this.known.clear();
			for (const identity of missing) {
				this.known.set(keyOf(identity), subscriptionSecret(credentials, identity));
			}
		}
		return identities.map((identity) => this.known.get(keyOf(identity)) ?? '');
	}
}
