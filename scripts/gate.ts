/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a local TCP gate for benchmarks and tests, never shipped */
/**
 * A gate in front of a local server: a loopback port that passes each connection through to the
 * server's port, and that can be shut so that connections are refused (ECONNREFUSED), as when a
 * service is down, then opened again on the same port. The sandbox's own faults answer or drop a
 * request once connected; a service that is down accepts no connection at all.
 */
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

export interface Gate {
	/** The gate's port on 127.0.0.1. */
	port: number;
	/** `url` with the gate's port in place of the server's. */
	via(url: string): string;
	/** Refuse new connections and cut the open ones, until `open`. */
	shut(): Promise<void>;
	open(): Promise<void>;
	close(): Promise<void>;
}

export async function startGate(targetPort: number, port = 0): Promise<Gate> {
	const sockets = new Set<Socket>();
	let server: Server | undefined;
	let chosen = port;
	const listen = async () => {
		const next = createServer((client) => {
			const upstream = connect(targetPort, '127.0.0.1');
			for (const socket of [client, upstream]) {
				sockets.add(socket);
				socket.once('close', () => sockets.delete(socket));
				socket.on('error', () => {
					client.destroy();
					upstream.destroy();
				});
			}
			client.pipe(upstream).pipe(client);
		});
		await new Promise<void>((resolve, reject) => {
			next.once('error', reject);
			next.listen(chosen, '127.0.0.1', () => resolve());
		});
		chosen = (next.address() as AddressInfo).port;
		server = next;
	};
	const shut = async () => {
		const closing = server;
		server = undefined;
		if (!closing) return;
		await new Promise<void>((resolve) => {
			closing.close(() => resolve());
			for (const socket of sockets) socket.destroy();
		});
	};
	await listen();
	return {
		port: chosen,
		via: (url) => {
			const parsed = new URL(url);
			parsed.port = String(chosen);
			return parsed.toString().replace(/\/$/, url.endsWith('/') ? '/' : '');
		},
		shut,
		open: async () => {
			if (!server) await listen();
		},
		close: shut,
	};
}
