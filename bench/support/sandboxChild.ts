/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- a benchmark run on Node, never shipped */
/**
 * The sandbox process of `startSandboxProcess`: starts the emulator with the options it is given,
 * prints its URLs as one JSON line, and stops on SIGTERM.
 */
import { startSandbox } from '../../sandbox';

void startSandbox(JSON.parse(process.env.SANDBOX_CHILD_OPTIONS ?? '{}')).then((sandbox) => {
	console.log(
		JSON.stringify({
			baseUrl: sandbox.baseUrl,
			controlUrl: sandbox.controlUrl,
			port: sandbox.port,
		}),
	);
	process.on('SIGTERM', () => {
		void sandbox.close().then(() => process.exit(0));
	});
});
