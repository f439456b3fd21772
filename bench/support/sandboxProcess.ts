/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- a benchmark run on Node, never shipped */
/**
 * The sandbox in a process of its own, as the service is to n8n: its work never runs on the event
 * loop of the side being timed. In one process, the emulator's CPU per request would be paid by
 * the client between its requests, and its latency timers, set in the same loop turn, would answer
 * concurrent requests all at once, which no network does.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import { request } from 'undici';

import type { Sandbox, SandboxOptions } from '../../sandbox';
import { DEMO } from '../../sandbox';

const CHILD = join(__dirname, 'sandboxChild.ts');

export async function startSandboxProcess(options: SandboxOptions = {}): Promise<Sandbox> {
	const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', CHILD], {
		cwd: join(__dirname, '..', '..'),
		env: { ...process.env, SANDBOX_CHILD_OPTIONS: JSON.stringify({ ...options, port: 0 }) },
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const exited = once(child, 'exit');
	const lines = createInterface({ input: child.stdout });
	const started = new Promise<Sandbox>((resolve, reject) => {
		lines.on('line', (line) => {
			if (!line.startsWith('{')) return;
			const { baseUrl, controlUrl, port } = JSON.parse(line) as Sandbox;
			resolve({
				baseUrl,
				controlUrl,
				port,
				close: async () => {
					if (child.exitCode !== null) return;
					child.kill('SIGTERM');
					await exited;
				},
			});
		});
		void exited.then(([code]) => reject(new Error(`the sandbox process exited with ${code}`)));
	});
	return await started;
}

/** A session token of the demo login (untimed): what every side of a job starts with. */
export async function logIn(baseUrl: string): Promise<string> {
	const auth = await request(`${baseUrl}/auth`, {
		headers: {
			authorization: `Basic ${Buffer.from(`${DEMO.login}:${DEMO.password}`).toString('base64')}`,
		},
	});
	await auth.body.dump();
	return String(auth.headers['x-auth-token']);
}
