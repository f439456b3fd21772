/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- the dev instance is a Node program, never shipped */
/**
 * `npm start`: the sandbox plus a real, pinned n8n with this package installed, an owner login,
 * a credential pointing at the sandbox and the example workflows. Ctrl-C stops everything.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { DEMO, startSandbox } from '../sandbox';
import {
	DEV_OWNER,
	ROOT,
	ensureN8n,
	installPackage,
	n8nCli,
	ownerSession,
	packPackage,
	startN8n,
} from './n8n-runtime';

export const SANDBOX_CREDENTIAL_ID = 'podPlatformSandbox';

/** The credential a newcomer gets: the sandbox with the demo login. */
export function sandboxCredential(baseUrl: string) {
	return {
		id: SANDBOX_CREDENTIAL_ID,
		name: 'POD Platform sandbox',
		type: 'podPlatformApi',
		data: {
			environment: 'custom',
			baseUrl,
			login: DEMO.login,
			password: DEMO.password,
			accountId: String(DEMO.accountId),
			customerKey: '',
			mediaType: 'json',
		},
	};
}

/** The example workflows; their nodes name the credential the dev instance creates. */
export function exampleWorkflows(): Array<Record<string, unknown>> {
	const folder = path.join(ROOT, 'examples');
	if (!existsSync(folder)) return [];
	return readdirSync(folder)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map(
			(file) =>
				JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Record<string, unknown>,
		);
}

async function main() {
	const n8nPort = Number(process.env.N8N_PORT ?? 5678);
	const sandboxPort = Number(process.env.SANDBOX_PORT ?? 8787);
	const userFolder = path.resolve(process.env.POD_DEV_FOLDER ?? path.join(ROOT, '.n8n-dev'));
	const options = {
		userFolder,
		port: n8nPort,
	};

	console.log(
		'Preparing n8n (installed once into a cache folder; the first run takes about 5 minutes)...',
	);
	const runtime = await ensureN8n();

	const sandbox = await startSandbox({ port: sandboxPort, autoAdvance: true });
	console.log(`Sandbox:  ${sandbox.baseUrl}  (control: ${sandbox.controlUrl})`);

	console.log('Building and installing the package into n8n...');
	mkdirSync(userFolder, { recursive: true });
	const tarball = await packPackage(path.join(userFolder, 'packages'));
	await installPackage(userFolder, tarball);

	const importFolder = path.join(userFolder, 'import');
	mkdirSync(importFolder, { recursive: true });
	const credentialsFile = path.join(importFolder, 'credentials.json');
	writeFileSync(credentialsFile, JSON.stringify([sandboxCredential(sandbox.baseUrl)], null, 2));
	await n8nCli(runtime, options, ['import:credentials', `--input=${credentialsFile}`]);
	const workflows = exampleWorkflows();
	if (workflows.length) {
		const workflowsFile = path.join(importFolder, 'workflows.json');
		writeFileSync(workflowsFile, JSON.stringify(workflows, null, 2));
		await n8nCli(runtime, options, ['import:workflow', `--input=${workflowsFile}`]);
	}

	console.log('Starting n8n...');
	const n8n = await startN8n(runtime, options);
	await ownerSession(n8n);

	console.log('');
	console.log(`n8n editor: ${n8n.url}`);
	console.log(`  login:    ${DEV_OWNER.email} / ${DEV_OWNER.password}`);
	console.log(`Sandbox:    ${sandbox.baseUrl}`);
	console.log(
		`  login:    ${DEMO.login} / ${DEMO.password} (account ${DEMO.accountId}, shop ${DEMO.shopId})`,
	);
	console.log(
		`  credential "POD Platform sandbox" is ready in n8n; ${workflows.length} example workflows imported`,
	);
	console.log('Press Ctrl-C to stop.');

	let stopping = false;
	const stop = async () => {
		if (stopping) return;
		stopping = true;
		console.log('\nStopping n8n and the sandbox...');
		await n8n.stop();
		await sandbox.close();
		process.exit(0);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
	n8n.process.once('exit', async (code) => {
		if (stopping) return;
		console.error(`n8n exited (${code}):\n${n8n.output().slice(-3000)}`);
		await sandbox.close();
		process.exit(1);
	});
}

if (require.main === module) {
	main().catch((error) => {
		console.error(error);
		process.exit(1);
	});
}
