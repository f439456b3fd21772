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
