/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- a test that runs the sandbox's command line as a process, never shipped */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import { DEMO } from '../../sandbox';
import { SHOP_PATH } from '../support/sandbox';
import { list, ServiceClient } from '../support/service';

/**
 * `npm run sandbox` as a user runs it: sandbox/cli.ts under ts-node in a process of its own, its
 * printed URLs read from stdout and requested.
 */

const ROOT = join(__dirname, '..', '..');
const TS_NODE = require.resolve('ts-node/dist/bin.js');

interface Running {
	child: ChildProcess;
	baseUrl: string;
	stdout: string[];
}

/** The environment without the sandbox's own variables, so the host's never leak into a case. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	const env = { ...process.env };
	delete env.SANDBOX_PORT;
	delete env.SANDBOX_VARIANT_SKU_TEXTS;
	delete env.SANDBOX_OPTIONS;
	return { ...env, ...extra };
}

function spawnCli(args: string[], env: NodeJS.ProcessEnv, script = 'sandbox/cli.ts'): ChildProcess {
	return spawn(process.execPath, [TS_NODE, '--transpile-only', script, ...args], {
		cwd: ROOT,
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
}

const started: ChildProcess[] = [];

/** Starts the CLI and resolves once it printed its base URL; rejects if it exits first. */
async function startCli(args: string[], env: NodeJS.ProcessEnv): Promise<Running> {
	const child = spawnCli(args, env);
	started.push(child);
	const stdout: string[] = [];
	let stderr = '';
	child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const lines = createInterface({ input: child.stdout! });
	return await new Promise<Running>((resolve, reject) => {
		lines.on('line', (line) => {
			stdout.push(line);
			const match = /^Sandbox base URL:\s+(\S+)$/.exec(line);
			if (match) resolve({ child, baseUrl: match[1], stdout });
		});
		child.once('exit', (code) =>
			reject(new Error(`sandbox/cli.ts exited with ${code} before printing its URL: ${stderr}`)),
		);
	});
}

async function stop(child: ChildProcess): Promise<number | null> {
	if (child.exitCode !== null) return child.exitCode;
	const exited = once(child, 'exit');
	child.kill('SIGTERM');
	const [code] = (await exited) as [number | null];
	return code;
}

/** Runs the CLI to its end (for refused command lines): exit code and both outputs. */
async function runToExit(args: string[], env: NodeJS.ProcessEnv, script?: string) {
	const child = spawnCli(args, env, script);
	started.push(child);
	let stdout = '';
	let stderr = '';
	child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const [code] = (await once(child, 'exit')) as [number | null];
	return { code, stdout, stderr };
}

/** The SKU texts the running sandbox lists for the T-shirt (none in the contract's default). */
async function skuTexts(baseUrl: string): Promise<unknown[]> {
	const client = new ServiceClient(baseUrl);
	await client.login();
	const page = await client.get(`${SHOP_PATH}/products/${DEMO.tShirt.productId}/sku?size=20`);
	expect(page.status).toBe(200);
	return list(page.json.pagedData.productSku)
		.map((sku) => sku.sku)
		.filter((text) => text !== undefined);
}

describe('sandbox: the command line (npm run sandbox)', () => {
	jest.setTimeout(60_000);

	afterAll(async () => {
		for (const child of started) await stop(child);
	});

	test('--port 0 takes a free port (over SANDBOX_PORT) and serves the contract ProductSku by default', async () => {
		// SANDBOX_PORT=1 would fail to bind: --port must win over it.
		const running = await startCli(['--port', '0'], cleanEnv({ SANDBOX_PORT: '1' }));
		const port = Number(new URL(running.baseUrl).port);
		expect(port).toBeGreaterThan(1024);
		expect(port).not.toBe(8787);
		expect(running.baseUrl).toBe(`http://127.0.0.1:${port}/webservices/rest`);
		expect(await skuTexts(running.baseUrl)).toEqual([]);
		expect(running.stdout.join('\n')).toMatch(/ProductSku:\s+the contract's/);
		expect(await stop(running.child)).toBe(0);
	});

	test('--port=0 --variant-sku-texts turns the extension on', async () => {
		const running = await startCli(['--port=0', '--variant-sku-texts'], cleanEnv());
		expect(await skuTexts(running.baseUrl)).toContain('TEE-CLASSIC-BLACK-L');
		expect(await stop(running.child)).toBe(0);
	});

	test('SANDBOX_PORT and SANDBOX_VARIANT_SKU_TEXTS=1 still work without flags', async () => {
		const running = await startCli(
			[],
			cleanEnv({ SANDBOX_PORT: '0', SANDBOX_VARIANT_SKU_TEXTS: '1' }),
		);
		expect(Number(new URL(running.baseUrl).port)).not.toBe(8787);
		expect(await skuTexts(running.baseUrl)).toContain('TEE-CLASSIC-WHITE-S');
		expect(await stop(running.child)).toBe(0);
	});

	test('--options all turns every kinder behaviour on; SANDBOX_OPTIONS names them without the flag', async () => {
		const pagedData = async (baseUrl: string) => {
			const client = new ServiceClient(baseUrl);
			await client.login();
			return (await client.get(`${SHOP_PATH}/products`)).json.pagedData;
		};
		const all = await startCli(['--port=0', '--options', 'all'], cleanEnv());
		expect(await skuTexts(all.baseUrl)).toContain('TEE-CLASSIC-BLACK-L');
		expect(await pagedData(all.baseUrl)).toMatchObject({ number: 0, size: 10 });
		expect(await stop(all.child)).toBe(0);

		const listed = await startCli(['--port=0'], cleanEnv({ SANDBOX_OPTIONS: 'pagingDetails' }));
		expect(await pagedData(listed.baseUrl)).toMatchObject({ number: 0, size: 10 });
		expect(await skuTexts(listed.baseUrl)).toEqual([]);
		expect(await stop(listed.child)).toBe(0);
	});

	// Every refusal in one test, the processes side by side: each start of ts-node costs seconds.
	test('unknown flags (named with the accepted ones), a missing or bad port, a bad SANDBOX_PORT and a bad SANDBOX_VARIANT_SKU_TEXTS are refused: exit 2, the reason and the usage on stderr, nothing started', async () => {
		const cases: Array<[string[], NodeJS.ProcessEnv, RegExp]> = [
			[
				['--prot', '0'],
				cleanEnv(),
				/^Unknown argument "--prot"; accepted: --port N, --port=N, --options LIST, --variant-sku-texts, -h, --help\n/,
			],
			[['8787'], cleanEnv(), /^Unknown argument "8787"/],
			[['--port'], cleanEnv(), /^--port needs a port number/],
			[
				['--port', 'eighty'],
				cleanEnv(),
				/^--port must be a port number from 0 to 65535, got "eighty"/,
			],
			[
				[],
				cleanEnv({ SANDBOX_PORT: '99999' }),
				/^SANDBOX_PORT must be a port number from 0 to 65535, got "99999"/,
			],
			[
				['--port', '0'],
				cleanEnv({ SANDBOX_VARIANT_SKU_TEXTS: 'yes' }),
				/^SANDBOX_VARIANT_SKU_TEXTS must be 1 or true \(on\), 0 or false \(off\), got "yes"/,
			],
			[
				['--port', '0'],
				cleanEnv({ SANDBOX_OPTIONS: 'pagingDetails,kindness' }),
				/^SANDBOX_OPTIONS: unknown sandbox option "kindness"; accepted: all, or a comma list of variantSkuTexts, /,
			],
			[
				['--port', '0', '--options', 'expandedOrder'],
				cleanEnv(),
				/^--options: unknown sandbox option "expandedOrder"/,
			],
		];
		const results = await Promise.all(cases.map(([args, env]) => runToExit(args, env)));
		results.forEach(({ code, stdout, stderr }, i) => {
			const [args, , reason] = cases[i];
			expect([args, code]).toEqual([args, 2]);
			expect(stderr).toMatch(reason);
			expect(stderr).toContain(
				'Usage: npm run sandbox -- [--port N] [--options LIST] [--variant-sku-texts]',
			);
			expect(stdout).not.toContain('Sandbox base URL');
		});
	});

	test('--help prints the usage and starts nothing', async () => {
		const { code, stdout } = await runToExit(['--help'], cleanEnv());
		expect(code).toBe(0);
		expect(stdout).toMatch(
			/^Usage: npm run sandbox -- \[--port N\] \[--options LIST\] \[--variant-sku-texts\]\n/,
		);
		expect(stdout).toContain('--port N, --port=N');
		expect(stdout).not.toContain('Sandbox base URL');
	});

	// `npm start` (scripts/dev.ts) starts the sandbox from the same environment variables; a flag it
	// does not take, or a bad SANDBOX_PORT, stops it before it installs or starts anything.
	test("npm start refuses a flag it does not take (--port is the sandbox command's) and a bad SANDBOX_PORT: exit 2, nothing started", async () => {
		const cases: Array<[string[], NodeJS.ProcessEnv, RegExp]> = [
			[
				['--port', '0'],
				cleanEnv(),
				/^Unknown argument "--port"; npm start takes --queue \(npm run start:queue\)\. The sandbox's port comes from SANDBOX_PORT/,
			],
			[
				['--queue'],
				cleanEnv({ SANDBOX_PORT: 'eighty' }),
				/^SANDBOX_PORT must be a port number from 0 to 65535, got "eighty"/,
			],
		];
		const results = await Promise.all(
			cases.map(([args, env]) => runToExit(args, env, 'scripts/dev.ts')),
		);
		results.forEach(({ code, stdout, stderr }, i) => {
			const [args, , reason] = cases[i];
			expect([args, code]).toEqual([args, 2]);
			expect(stderr).toMatch(reason);
			expect(stdout).toBe('');
		});
	});
});
