/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error -- runs local servers and n8n processes for development and tests, never shipped */
/**
 * n8n in queue mode, as agencies run it in production, on one machine: Postgres (the database
 * every process shares), Redis (the job queue), one main process (editor, activation, polling),
 * workers (executions) and webhook processes (production webhooks) of the pinned n8n behind a
 * round-robin load balancer, all with one encryption key; manual executions run on the workers,
 * as in n8n 3 (manualExecutionsOnWorkers). Used by `npm run start:queue`, the
 * queue-mode end-to-end suite and `npm run bench:queue`.
 *
 * Postgres and Redis come from Debian's packages (scripts/install-queue-deps.sh) and run from a
 * data folder of this stack's own, on free loopback ports. Postgres refuses to run as root: as
 * root, its commands run as the `postgres` user, which must be able to enter the data folder.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

import type { N8nInstance, N8nOptions, N8nRuntime } from './n8n-runtime';
import { ROOT, freePort, startN8n } from './n8n-runtime';
import type { WebhookBalancer } from './webhook-balancer';
import { startWebhookBalancer } from './webhook-balancer';

const run = promisify(execFile);

const DATABASE = 'n8n';
const DATABASE_USER = 'n8n';

/** A server process this stack started, stopped with it. */
interface Server {
	process: ChildProcess;
	output(): string;
	stop(): Promise<void>;
}

export interface QueueServices {
	postgresPort: number;
	redisPort: number;
	/** The database and queue settings every n8n process of the stack shares. */
	env: Record<string, string>;
	/** Run SQL in the stack's database; returns psql's unaligned output. */
	sql(query: string): Promise<string>;
	stop(): Promise<void>;
}

/** Install Postgres and Redis when missing; returns the Postgres binaries' folder and redis-server. */
async function installQueueDeps(): Promise<{ postgresBin: string; redisServer: string }> {
	const { stdout } = await run('bash', [path.join(ROOT, 'scripts/install-queue-deps.sh')], {
		maxBuffer: 16 * 1024 * 1024,
		timeout: 15 * 60_000,
	});
	const [postgresBin, redisServer] = stdout.trim().split('\n').slice(-2);
	return { postgresBin, redisServer };
}

const asRoot = () => process.getuid?.() === 0;

/** A Postgres command line, as the `postgres` user when this process is root. */
function postgresCommand(bin: string, args: string[]): [string, string[]] {
	return asRoot()
		? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', bin, ...args]]
		: [bin, args];
}

function ownByPostgres(folder: string): void {
	if (!asRoot()) return;
	const uid = Number(execFileSync('id', ['-u', 'postgres']));
	const gid = Number(execFileSync('id', ['-g', 'postgres']));
	chownSync(folder, uid, gid);
}

/** As root, Postgres runs as `postgres`, which must be able to enter every folder above its data. */
function checkReachableByPostgres(folder: string): void {
	if (!asRoot()) return;
	for (let at = path.resolve(folder); at !== path.dirname(at); at = path.dirname(at)) {
		if ((statSync(at).mode & 0o001) === 0) {
			throw new Error(
				`Postgres runs as the postgres user and cannot enter ${at}: keep the stack's data folder under folders others may enter (chmod o+x)`,
			);
		}
	}
}

function startServer(command: string, args: string[]): Server {
	const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
	let output = '';
	const keep = (chunk: Buffer) => {
		output = (output + chunk.toString()).slice(-100_000);
	};
	child.stdout?.on('data', keep);
	child.stderr?.on('data', keep);
	const killNow = () => {
		if (child.exitCode === null) child.kill('SIGKILL');
	};
	process.once('exit', killNow);
	return {
		process: child,
		output: () => output,
		stop: async () => {
			if (child.exitCode !== null || child.signalCode !== null) return;
			const exited = new Promise((resolve) => child.once('exit', resolve));
			child.kill('SIGTERM');
			const timer = setTimeout(killNow, 15_000);
			await exited;
			clearTimeout(timer);
			process.removeListener('exit', killNow);
		},
	};
}

/** Wait until something accepts TCP connections on the port (or the server exits). */
async function listening(server: Server, port: number, name: string): Promise<void> {
	const deadline = Date.now() + 60_000;
	while (Date.now() < deadline) {
		if (server.process.exitCode !== null) {
			throw new Error(`${name} exited (${server.process.exitCode}):\n${server.output()}`);
		}
		const open = await new Promise<boolean>((resolve) => {
			const socket = connect(port, '127.0.0.1');
			socket.once('connect', () => {
				socket.end();
				resolve(true);
			});
			socket.once('error', () => resolve(false));
		});
		if (open) return;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	throw new Error(`${name} did not listen on ${port}:\n${server.output()}`);
}

/**
 * Start Postgres and Redis with their data in `dataRoot` (kept between runs: an existing
 * database is reused). Both listen on loopback only, on free ports.
 */
export async function startQueueServices(dataRoot: string): Promise<QueueServices> {
	const { postgresBin, redisServer } = await installQueueDeps();
	mkdirSync(dataRoot, { recursive: true });
	chmodSync(dataRoot, 0o755);
	checkReachableByPostgres(dataRoot);

	const pgData = path.join(dataRoot, 'postgres');
	if (!existsSync(path.join(pgData, 'PG_VERSION'))) {
		mkdirSync(pgData, { recursive: true, mode: 0o700 });
		ownByPostgres(pgData);
		const [initdb, initArgs] = postgresCommand(path.join(postgresBin, 'initdb'), [
			`--pgdata=${pgData}`,
			`--username=${DATABASE_USER}`,
			'--auth=trust',
			'--encoding=UTF8',
			'--no-sync',
		]);
		await run(initdb, initArgs, { maxBuffer: 16 * 1024 * 1024 });
	}
	const postgresPort = await freePort();
	const [postgresCmd, postgresArgs] = postgresCommand(path.join(postgresBin, 'postgres'), [
		'-D',
		pgData,
		'-p',
		String(postgresPort),
		'-c',
		'listen_addresses=127.0.0.1',
		'-c',
		'unix_socket_directories=',
		// Loses at most the last moments of a crash, never the database's consistency.
		'-c',
		'synchronous_commit=off',
		'-c',
		'max_connections=200',
	]);
	const postgres = startServer(postgresCmd, postgresArgs);
	await listening(postgres, postgresPort, 'Postgres');

	const psql = path.join(postgresBin, 'psql');
	const sql = async (query: string, database = DATABASE) => {
		const { stdout } = await run(
			psql,
			[
				`--host=127.0.0.1`,
				`--port=${postgresPort}`,
				`--username=${DATABASE_USER}`,
				`--dbname=${database}`,
				'--no-psqlrc',
				'--tuples-only',
				'--no-align',
				'--set=ON_ERROR_STOP=1',
				`--command=${query}`,
			],
			{ maxBuffer: 64 * 1024 * 1024 },
		);
		return stdout.trim();
	};
	// Postgres answers the port a moment before it accepts logins.
	const deadline = Date.now() + 30_000;
	for (;;) {
		try {
			const exists = await sql(
				`SELECT 1 FROM pg_database WHERE datname = '${DATABASE}'`,
				'postgres',
			);
			if (exists !== '1') await sql(`CREATE DATABASE ${DATABASE}`, 'postgres');
			break;
		} catch (error) {
			if (Date.now() > deadline) throw error;
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
	}

	const redisData = path.join(dataRoot, 'redis');
	mkdirSync(redisData, { recursive: true });
	const redisPort = await freePort();
	const redis = startServer(redisServer, [
		'--port',
		String(redisPort),
		'--bind',
		'127.0.0.1',
		'--dir',
		redisData,
		// The queue holds jobs only while they run; the database keeps every execution.
		'--save',
		'',
		'--appendonly',
		'no',
	]);
	await listening(redis, redisPort, 'Redis');

	return {
		postgresPort,
		redisPort,
		env: {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(postgresPort),
			DB_POSTGRESDB_DATABASE: DATABASE,
			DB_POSTGRESDB_USER: DATABASE_USER,
			DB_POSTGRESDB_PASSWORD: '',
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redisPort),
		},
		sql: async (query: string) => await sql(query),
		stop: async () => {
			await redis.stop();
			await postgres.stop();
		},
	};
}

export interface QueueStackOptions {
	services: QueueServices;
	/** The user folder every n8n process shares (the package is installed in it). */
	userFolder: string;
	/** Port of the main process (editor and REST API); a free one when absent. */
	mainPort?: number;
	/** Port of the webhook load balancer; a free one when absent. */
	webhookPort?: number;
	workers?: number;
	webhookProcesses?: number;
	/** Executions one worker runs at once (n8n's default: 10). */
	workerConcurrency?: number;
	/**
	 * Whether manual executions (the editor's runs, test runs) run on the workers, as n8n 3 always
	 * does in queue mode (`OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS=true` on 2.x); n8n 2's default runs
	 * them in the main process. Default: true.
	 */
	manualExecutionsOnWorkers?: boolean;
	/** Extra environment for every n8n process. */
	env?: Record<string, string>;
	/** How long each process may take to report ready (startN8n's readyTimeoutMs). */
	readyTimeoutMs?: number;
}

export interface QueueStack {
	main: N8nInstance;
	workers: N8nInstance[];
	webhookProcesses: N8nInstance[];
	/** Where production webhooks are sent (N8N_WEBHOOK_URL of every process). */
	balancer: WebhookBalancer;
	/** Options for n8n CLI commands (import, export, execute) against the stack's database. */
	cliOptions: N8nOptions;
	/** Stop every n8n process and start them again on the same database and queue. */
	restart(): Promise<void>;
	/** The two halves of `restart`: stop every n8n process (the balancer stays)... */
	stopProcesses(): Promise<void>;
	/** ...and start them again. */
	startProcesses(): Promise<void>;
	/** Stop the n8n processes and the balancer (not Postgres and Redis: see QueueServices). */
	stop(): Promise<void>;
}

/**
 * The ports of the stack's processes (free ones unless given), chosen before it starts so that CLI
 * commands (queueCliOptions) can import into its database first.
 */
export async function queueStackPorts(options: QueueStackOptions) {
	const workers = options.workers ?? 2;
	const webhookProcesses = options.webhookProcesses ?? 2;
	const webhookPorts = await Promise.all(
		Array.from({ length: webhookProcesses }, async () => await freePort()),
	);
	return {
		main: options.mainPort ?? (await freePort()),
		balancer: options.webhookPort ?? (await freePort()),
		webhooks: webhookPorts,
		workers: await Promise.all(Array.from({ length: workers }, async () => await freePort())),
	};
}

export type QueueStackPorts = Awaited<ReturnType<typeof queueStackPorts>>;

/** The settings shared by every process of the stack, and by CLI commands against it. */
export function queueCliOptions(options: QueueStackOptions, ports: QueueStackPorts): N8nOptions {
	return {
		userFolder: options.userFolder,
		port: ports.main,
		env: {
			...options.services.env,
			...options.env,
			N8N_WEBHOOK_URL: `http://127.0.0.1:${ports.balancer}/`,
		},
	};
}

/**
 * Start main, then the workers and webhook processes, then the balancer in front of the webhook
 * processes. Production webhooks reach the webhook processes only, as in a deployment where the
 * load balancer routes /webhook/ to them.
 */
export async function startQueueStack(
	runtime: N8nRuntime,
	options: QueueStackOptions,
	ports?: QueueStackPorts,
): Promise<QueueStack> {
	// Each process and server the stack starts watches this process's exit (to never outlive it).
	process.setMaxListeners(Math.max(process.getMaxListeners(), 32));
	const chosen = ports ?? (await queueStackPorts(options));
	const shared = queueCliOptions(options, chosen);
	const logFolder = path.join(options.userFolder, 'logs');
	mkdirSync(logFolder, { recursive: true });

	// Each process its own task broker port and event log (the user folder is shared).
	const processOptions = async (
		name: string,
		extra: Partial<N8nOptions> & { port: number },
		env: Record<string, string> = {},
	): Promise<N8nOptions> => ({
		...shared,
		...extra,
		readyTimeoutMs: options.readyTimeoutMs,
		env: {
			...shared.env,
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			N8N_EVENTBUS_LOGWRITER_LOGFULLPATH: path.join(logFolder, `${name}.log`),
			...env,
		},
	});

	const startAll = async () => {
		const main = await startN8n(
			runtime,
			await processOptions(
				'main',
				{ port: chosen.main },
				{
					N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true',
					// Read by main, which decides where a manual execution runs.
					...(options.manualExecutionsOnWorkers === false
						? {}
						: { OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true' }),
				},
			),
		);
		try {
			const others = await Promise.all([
				...chosen.workers.map(
					async (healthPort, index) =>
						await startN8n(
							runtime,
							await processOptions(
								`worker-${index + 1}`,
								{ command: 'worker', port: await freePort(), healthPort },
								{
									QUEUE_HEALTH_CHECK_ACTIVE: 'true',
									QUEUE_HEALTH_CHECK_PORT: String(healthPort),
									N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
									...(options.workerConcurrency === undefined
										? {}
										: {
												N8N_CONCURRENCY_PRODUCTION_LIMIT: String(options.workerConcurrency),
											}),
								},
							),
						),
				),
				...chosen.webhooks.map(
					async (port, index) =>
						await startN8n(
							runtime,
							await processOptions(`webhook-${index + 1}`, { command: 'webhook', port }),
						),
				),
			]);
			return {
				main,
				workers: others.slice(0, chosen.workers.length),
				webhookProcesses: others.slice(chosen.workers.length),
			};
		} catch (error) {
			await main.stop();
			throw error;
		}
	};

	let processes = await startAll();
	const balancer = await startWebhookBalancer(chosen.webhooks, chosen.balancer);
	const stopProcesses = async () => {
		await Promise.all(
			[...processes.webhookProcesses, ...processes.workers].map(async (p) => await p.stop()),
		);
		await processes.main.stop();
	};
	const stack: QueueStack = {
		...processes,
		balancer,
		cliOptions: shared,
		restart: async () => {
			await stack.stopProcesses();
			await stack.startProcesses();
		},
		stopProcesses,
		startProcesses: async () => {
			processes = await startAll();
			Object.assign(stack, processes);
		},
		stop: async () => {
			await stopProcesses();
			await balancer.close();
		},
	};
	return stack;
}
