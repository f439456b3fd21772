/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- a benchmark run on Node, never shipped */
/**
 * Webhook receiving in-process: verify the signature, decode and normalise 10,000 signed
 * deliveries, in JSON and XML, next to a bare HMAC check plus JSON.parse / fast-xml-parser pass.
 *
 *   npx ts-node --transpile-only bench/webhook.ts [deliveries]
 */
import { createHash, createHmac } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { XMLParser } from 'fast-xml-parser';

import { decode, encode, type MediaType } from '../nodes/shared/codec';
import { eventFromNotification } from '../nodes/shared/events';
import { deliveryKeyOf } from '../nodes/PodPlatformTrigger/deliveries';
import { computeSignature, generateSecret, verifySignature } from '../nodes/shared/signature';

const COUNT = Number(process.argv[2] ?? 10_000);
const TOPIC = 'orders/fulfilled';

function notification(i: number) {
	return {
		productionOrderExpanded: {
			id: 10_000 + i,
			uniqueId: `WEB-${i}`,
			financialStatus: 'PAID',
			fulfilmentStatus: 'FULFILLED',
			customer: {
				firstName: 'Ada',
				lastName: 'Lovelace',
				email: 'ada@example.com',
				shippingAddress: {
					street: 'Hauptstr.',
					streetNo: '5',
					city: 'Berlin',
					zip: '10115',
					countryCode: 'DE',
				},
			},
			country: { id: 1, code: 'DE' },
			orderedProducts: {
				designedOrderedProduct: [
					{ id: 50_001 + i, amount: 2, productId: 1001 },
					{ id: 60_001 + i, amount: 1, productId: 1002 },
				],
			},
			fulfillments: {
				orderFulfillmentExpanded: [
					{
						id: 70_001 + i,
						trackingNumber: `SBX${i}`,
						trackingUrl: `https://track.example.com/SBX${i}`,
					},
				],
			},
		},
	};
}

function measure(mediaType: MediaType) {
	const secret = generateSecret();
	const deliveries = Array.from({ length: COUNT }, (_, i) => {
		const body = Buffer.from(encode(notification(i), mediaType));
		return { body, signature: computeSignature(secret, body), deliveryId: `d-${i}` };
	});
	const xml = new XMLParser({ ignoreAttributes: false });
	const key = createHash('sha256').update(secret, 'utf8').digest('hex');
	const passes = {
		node: () => {
			for (const d of deliveries) {
				if (!verifySignature(secret, d.body, d.signature)) throw new Error('bad signature');
				eventFromNotification(TOPIC, decode(d.body.toString('utf8'), mediaType), {
					deliveryKey: deliveryKeyOf(TOPIC, d.body),
					deliveryId: d.deliveryId,
				});
			}
		},
		raw: () => {
			for (const d of deliveries) {
				if (createHmac('sha256', key).update(d.body).digest('base64') !== d.signature)
					throw new Error('bad signature');
				if (mediaType === 'json') JSON.parse(d.body.toString('utf8'));
				else xml.parse(d.body.toString('utf8'));
			}
		},
	};
	const out: Record<string, number> = {};
	for (const side of ['raw', 'node', 'raw', 'node'] as const) {
		const started = performance.now();
		passes[side]();
		out[side] = ((performance.now() - started) * 1000) / COUNT;
	}
	const bytes = deliveries[0].body.length;
	return {
		mediaType,
		deliveries: COUNT,
		bodyBytes: bytes,
		nodeUsPerEvent: +out.node.toFixed(1),
		rawUsPerEvent: +out.raw.toFixed(1),
		ratio: +(out.node / out.raw).toFixed(2),
	};
}

const results = (['json', 'xml'] as const).map(measure);
console.log('Webhook receiving  deliveries  body bytes  node µs/event  raw µs/event  node/raw');
for (const r of results) {
	console.log(
		`${r.mediaType.toUpperCase().padEnd(19)}${String(r.deliveries).padEnd(12)}${String(r.bodyBytes).padEnd(12)}${String(r.nodeUsPerEvent).padStart(13)}${String(r.rawUsPerEvent).padStart(14)}${String(r.ratio).padStart(10)}`,
	);
}
mkdirSync(join(__dirname, 'results'), { recursive: true });
writeFileSync(
	join(__dirname, 'results', 'webhook.json'),
	`${JSON.stringify({ node: process.version, date: new Date().toISOString(), results }, null, 2)}\n`,
);
