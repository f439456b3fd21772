/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a local HTTP server for the queue-mode stack, never shipped */
/**
 * The load balancer in front of n8n's webhook processes, as a production deployment puts one
 * (nginx, a cloud load balancer): every request goes to the next process in turn, so two
 * deliveries in a row reach different processes. It counts what each process received, which is
 * how the queue-mode suite knows the deliveries really went through the webhook processes.
 */
import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the balancer forwarded. */
export interface Forwarded {
	backend: number;
	method: string;
	path: string;
}

export interface WebhookBalancer {
	url: string;
	/** Every request forwarded, oldest first. */
	forwarded: Forwarded[];
	close(): Promise<void>;
}

export async function startWebhookBalancer(
	backendPorts: number[],
	port = 0,
): Promise<WebhookBalancer> {
	const forwarded: Forwarded[] = [];
	let next = 0;
	const server = createServer((incoming, outgoing) => {
		const backend = backendPorts[next];
		next = (next + 1) % backendPorts.length;
		forwarded.push({ backend, method: incoming.method ?? '', path: incoming.url ?? '' });
		const upstream = forward(
			{
				host: '127.0.0.1',
				port: backend,
				method: incoming.method,
				path: incoming.url,
				headers: incoming.headers,
			},
			(answer) => {
				outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(outgoing);
			},
		);
		upstream.on('error', () => {
			if (!outgoing.headersSent) outgoing.writeHead(502);
			outgoing.end();
		});
		incoming.pipe(upstream);
	});
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
	const address = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${address.port}`,
		forwarded,
		close: async () =>
			await new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
