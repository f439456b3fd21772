/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-hardcoded-secrets -- runs a local n8n for development and tests (processes, a throwaway owner login), never shipped */
/**
 * A real, pinned n8n with this package installed the way a self-hosted admin installs it (the
 * packed tarball in `<user folder>/.n8n/nodes`). Used by the dev instance and the end-to-end suite.
 */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { request } from 'undici';

const run = promisify(execFile);

export const ROOT = path.resolve(__dirname, '..');
export const PACKAGE_NAME = 'n8n-nodes-pod-platform';

export interface N8nRuntime {
	/** Folder holding node_modules/n8n. */
	n8nDir: string;
	/** Folder of the Node 24 package (bin/node). */
	nodeHome: string;
	/** Whether this call installed n8n into the cache (rather than finding a working install). */
	installedNow: boolean;
	/** The version of the installed n8n, read from its package.json. */
	version: string;
}

/** Runs the installer; hands each line it logs to `onProgress` as it comes. */
async function runInstaller(
	onProgress?: (line: string) => void,
): Promise<{ stdout: string; stderr: string }> {
	const child = spawn('bash', [path.join(ROOT, 'scripts/install-n8n.sh')], {
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const timer = setTimeout(() => child.kill('SIGTERM'), 40 * 60_000);
	let stdout = '';
	let stderr = '';
	let partial = '';
	child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
	child.stderr.on('data', (chunk: Buffer) => {
		const text = chunk.toString();
		stderr = (stderr + text).slice(-1_000_000);
		if (!onProgress) return;
		const lines = (partial + text).split('\n');
		partial = lines.pop() ?? '';
		for (const line of lines) onProgress(line);
	});
	const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
	clearTimeout(timer);
	if (partial && onProgress) onProgress(partial);
	if (code !== 0) {
		throw new Error(`scripts/install-n8n.sh exited with ${code}:\n${stderr.slice(-4000)}`);
	}
	return { stdout, stderr };
}

/**
 * Install (once, into a cache folder) and locate n8n and its Node 24: the pinned version, or the
 * one N8N_VERSION names (the installer reads it from the environment). `onProgress` receives what
 * the installer logs while it runs (minutes on a first run); without it, only a failure shows it.
 */
export async function ensureN8n(
	options: { onProgress?: (line: string) => void } = {},
): Promise<N8nRuntime> {
	const { stdout, stderr } = await runInstaller(options.onProgress);
	const [n8nDir, nodeHome] = stdout.trim().split('\n').slice(-2);
	const { version } = JSON.parse(
		readFileSync(path.join(n8nDir, 'node_modules', 'n8n', 'package.json'), 'utf8'),
	) as { version: string };
	const requested = process.env.N8N_VERSION;
	if (requested && requested !== version) {
		throw new Error(`N8N_VERSION asks for n8n ${requested}, but ${n8nDir} holds n8n ${version}`);
	}
	return {
		n8nDir,
		nodeHome,
		version,
		installedNow: /\[install-n8n\] n8n \S+ is ready in/.test(stderr),
	};
}

/** Build and pack this package; returns the tarball path. */
export async function packPackage(destination: string, root = ROOT): Promise<string> {
	mkdirSync(destination, { recursive: true });
	await run('npm', ['run', 'build'], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
	const { stdout } = await run(
		'npm',
		['pack', '--ignore-scripts', '--json', '--pack-destination', destination],
		{ cwd: root, maxBuffer: 64 * 1024 * 1024 },
	);
	return path.join(destination, JSON.parse(stdout)[0].filename);
}

/**
 * Install the tarball (and any others a benchmark adds) into n8n's community nodes folder with the
 * command the README gives an admin: no peer dependencies (n8n provides n8n-workflow).
 */
export async function installPackage(
	userFolder: string,
	tarball: string,
	...others: string[]
): Promise<void> {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	mkdirSync(nodesDir, { recursive: true });
	writeFileSync(
		path.join(nodesDir, 'package.json'),
		JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2),
	);
	// The README's install command: without the peer n8n-workflow, which n8n provides.
	// One install for all: npm removes from the folder what its package.json does not list.
	await run('npm', ['install', '--omit=peer', '--no-audit', '--no-fund', tarball, ...others], {
		cwd: nodesDir,
		maxBuffer: 64 * 1024 * 1024,
	});
}

export async function freePort(): Promise<number> {
	return await new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolve(port));
		});
	});
}

/** What one n8n process runs: the main process, a queue worker, or a webhook process. */
export type N8nCommand = 'start' | 'worker' | 'webhook';

export interface N8nOptions {
	userFolder: string;
	port: number;
	/** Extra environment for n8n. */
	env?: Record<string, string>;
	/** `start` unless said otherwise. */
	command?: N8nCommand;
	/** Where /healthz/readiness answers when not on `port` (a worker's health-check server). */
	healthPort?: number;
	/**
	 * How long a start may take until n8n reports ready (default 3 minutes). The busiest-day run
	 * restarts n8n while the stores keep sending on a loaded machine: longer there.
	 */
	readyTimeoutMs?: number;
}

/** The environment every n8n process of one instance shares (server and CLI commands). */
export function n8nEnv(runtime: N8nRuntime, options: N8nOptions): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {
		...process.env,
		// Not the caller's NODE_ENV: under a test runner it is "test", and n8n then exits silently.
		NODE_ENV: 'production',
		PATH: `${runtime.nodeHome}/bin:${process.env.PATH}`,
		N8N_USER_FOLDER: options.userFolder,
		N8N_PORT: String(options.port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_WEBHOOK_URL: `http://127.0.0.1:${options.port}/`,
		N8N_ENCRYPTION_KEY: 'pod-platform-local-development-key',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_BLOCK_ENV_ACCESS_IN_NODE: 'true',
		DB_SQLITE_POOL_SIZE: '2',
		N8N_RUNNERS_BROKER_PORT: String(options.port + 1),
		...options.env,
	};
	// n8n 1.x reads the webhook address from WEBHOOK_URL only (1.123's services/url.service.js);
	// 2.x reads N8N_WEBHOOK_URL first.
	if (isN8n1(runtime)) env.WEBHOOK_URL = env.N8N_WEBHOOK_URL;
	return env;
}

/** Whether the runtime is an n8n of the 1.x line, whose settings and REST API differ in places. */
export const isN8n1 = (runtime: Pick<N8nRuntime, 'version'>) => runtime.version.startsWith('1.');

const n8nBin = (runtime: N8nRuntime) =>
	path.join(runtime.n8nDir, 'node_modules', 'n8n', 'bin', 'n8n');

/** Run an n8n CLI command (import, execute, ...) against the instance's database. */
export async function n8nCli(
	runtime: N8nRuntime,
	options: N8nOptions,
	args: string[],
): Promise<{ stdout: string; stderr: string }> {
	let failure: { stdout?: string; stderr?: string };
	try {
		return await run(path.join(runtime.nodeHome, 'bin', 'node'), [n8nBin(runtime), ...args], {
			// A CLI command starts its own task broker: give it a port the running server does not hold.
			env: { ...n8nEnv(runtime, options), N8N_RUNNERS_BROKER_PORT: String(options.port + 2) },
			maxBuffer: 64 * 1024 * 1024,
			timeout: 5 * 60_000,
		});
	} catch (error) {
		failure = error as { stdout?: string; stderr?: string };
	}
	const { stdout = '', stderr = '' } = failure;
	throw new Error(`n8n ${args.join(' ')} failed:\n${stdout.slice(-3000)}\n${stderr.slice(-3000)}`);
}

export interface N8nInstance {
	url: string;
	/** The version of the n8n this process runs. */
	version: string;
	process: ChildProcess;
	/** What n8n printed, for diagnosing a failed start. */
	output(): string;
	stop(): Promise<void>;
}

/**
 * What each command prints once it serves requests. n8n 1.x answers /healthz/readiness as soon as
 * its database is migrated, before the REST API, webhooks and active workflows are set up
 * (1.123's abstract-server.js); 2.x answers it only once the process is fully ready.
 */
const READY_LINE: Record<N8nCommand, RegExp> = {
	start: /Editor is now accessible via/,
	worker: /n8n worker is now ready/,
	webhook: /Webhook listener waiting for requests/,
};

/** Start `n8n start` (or the command the options name) and wait until it reports ready. */
export async function startN8n(runtime: N8nRuntime, options: N8nOptions): Promise<N8nInstance> {
	const command = options.command ?? 'start';
	const child = spawn(path.join(runtime.nodeHome, 'bin', 'node'), [n8nBin(runtime), command], {
		env: n8nEnv(runtime, options),
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	// n8n runs in its own process group (so stop() reaches its task runners); make sure it never
	// outlives this process, even when this process ends without calling stop().
	const killGroup = () => {
		if (child.exitCode === null && child.pid !== undefined) {
			try {
				process.kill(-child.pid, 'SIGKILL');
			} catch {
				// already gone
			}
		}
	};
	process.once('exit', killGroup);
	let output = '';
	const keep = (chunk: Buffer) => {
		output = (output + chunk.toString()).slice(-200_000);
	};
	child.stdout?.on('data', keep);
	child.stderr?.on('data', keep);
	const url = `http://127.0.0.1:${options.port}`;
	const instance: N8nInstance = {
		url,
		version: runtime.version,
		process: child,
		output: () => output,
		stop: async () => {
			if (child.exitCode !== null || child.pid === undefined) return;
			const exited = new Promise((resolve) => child.once('exit', resolve));
			process.kill(-child.pid, 'SIGTERM');
			const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 15_000);
			await exited;
			clearTimeout(timer);
			process.removeListener('exit', killGroup);
		},
	};
	const startedAt = Date.now();
	const deadline = startedAt + (options.readyTimeoutMs ?? 180_000);
	while (Date.now() < deadline) {
		if (child.exitCode !== null) {
			throw new Error(`n8n ${command} exited with code ${child.exitCode}:\n${output.slice(-4000)}`);
		}
		try {
			// Each probe on a connection of its own, and given up after 10 s: one probe that a busy
			// n8n leaves hanging must not outlast the deadline.
			const response = await request(
				`http://127.0.0.1:${options.healthPort ?? options.port}/healthz/readiness`,
				{ reset: true, headersTimeout: 10_000, bodyTimeout: 10_000 },
			);
			await response.body.dump();
			if (response.statusCode === 200 && (!isN8n1(runtime) || READY_LINE[command].test(output))) {
				return instance;
			}
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
	await instance.stop();
	throw new Error(
		`n8n ${command} did not become ready in ${Math.round((Date.now() - startedAt) / 1000)} s:\n${output.slice(-4000)}`,
	);
}

export interface Owner {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

export const DEV_OWNER: Owner = {
	email: 'owner@pod-platform.local',
	password: 'PodPlatform-dev-1',
	firstName: 'Local',
	lastName: 'Owner',
};

/** Create the owner login on a fresh instance (no-op when it exists) and return a session cookie. */
export async function ownerSession(
	instance: N8nInstance,
	owner: Owner = DEV_OWNER,
): Promise<string> {
	const setup = await request(`${instance.url}/rest/owner/setup`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(owner),
		reset: true,
	});
	await setup.body.dump();
	const login = await request(`${instance.url}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ emailOrLdapLoginId: owner.email, password: owner.password }),
		reset: true,
	});
	const text = await login.body.text();
	if (login.statusCode !== 200) throw new Error(`n8n login failed (${login.statusCode}): ${text}`);
	const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
	return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

/** Call n8n's internal REST API as the owner. */
export async function rest<T = unknown>(
	instance: N8nInstance,
	cookie: string,
	method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
	route: string,
	body?: unknown,
): Promise<T> {
	const started = Date.now();
	const response = await request(`${instance.url}/rest${route}`, {
		method,
		headers: {
			cookie,
			'browser-id': 'pod-platform-e2e',
			...(body === undefined ? {} : { 'content-type': 'application/json' }),
		},
		body: body === undefined ? undefined : JSON.stringify(body),
		// A new connection for each call, closed after it. A kept-alive one that sat idle while
		// this process was busy (reading a large execution, serving the sandbox) may be one n8n has
		// closed (Node's keepAliveTimeout, 5 s): undici did not see the close before it wrote the
		// next request on it, and the call ended in `read ECONNRESET` (the busiest-day benchmark's
		// way-back catch-up at 300 and 1,000 shipments).
		reset: true,
	}).catch((error: Error & { code?: string }) => {
		throw new Error(
			`n8n ${method} /rest${route}: ${error.code ?? ''} ${error.message} after ${Date.now() - started} ms`,
			{ cause: error },
		);
	});
	const text = await response.body.text();
	if (response.statusCode >= 400) {
		throw new Error(
			`n8n ${method} /rest${route} answered ${response.statusCode}: ${text.slice(0, 2000)}`,
		);
	}
	const parsed = text ? JSON.parse(text) : undefined;
	return (parsed && typeof parsed === 'object' && 'data' in parsed ? parsed.data : parsed) as T;
}
