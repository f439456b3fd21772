/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- the sandbox is a Node server, never shipped */
/** `npm run sandbox`: runs the emulator until SIGINT/SIGTERM. Port from SANDBOX_PORT or 8787. */

import { DEMO, startSandbox } from './index';

async function main(): Promise<void> {
	const port = process.env.SANDBOX_PORT ? Number(process.env.SANDBOX_PORT) : 8787;
	if (!Number.isInteger(port) || port < 0 || port > 65535) {
		throw new Error(`SANDBOX_PORT must be a port number, got ${process.env.SANDBOX_PORT}`);
	}
	const sandbox = await startSandbox({ port });
	console.log(`Sandbox base URL:    ${sandbox.baseUrl}`);
	console.log(`Sandbox control URL: ${sandbox.controlUrl}`);
	console.log(
		`Demo login:          ${DEMO.login} / ${DEMO.password} (account ${DEMO.accountId}, shop ${DEMO.shopId})`,
	);
	console.log(
		`Creator page login:  ${DEMO.users.creatorPage.login} / ${DEMO.users.creatorPage.password} (ROLE_AUTHORIZED_USER)`,
	);
	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		console.log(`Received ${signal}, stopping the sandbox`);
		sandbox.close().then(
			() => process.exit(0),
			(error) => {
				console.error(error);
				process.exit(1);
			},
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
