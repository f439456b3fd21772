/**
 * The sandbox's entry for tests, benchmarks and scripts: starts the emulator on 127.0.0.1 (an
 * ephemeral port by default) and returns its service and control URLs with a close that stops
 * everything it started.
 */

import { App, type SandboxOptions } from './app';
import { CONTROL_PREFIX, SERVICE_PREFIX, startServer } from './server';

export type { SandboxOptions } from './app';
export type { Quirks } from './codec';
export { DEMO } from './seed';
export { sandboxPortFromEnv, VARIANT_SKU_TEXTS_ENV, variantSkuTextsFromEnv } from './launch-env';
export { signBody } from './webhook-dispatcher';

export interface Sandbox {
	/** The contract's {base_url}, e.g. http://127.0.0.1:PORT/webservices/rest */
	baseUrl: string;
	/** The control API, e.g. http://127.0.0.1:PORT/__sandbox */
	controlUrl: string;
	port: number;
	/** Stops the server, timers and pending webhook deliveries. */
	close(): Promise<void>;
}

/** Starts a local emulator of the print-on-demand service on 127.0.0.1. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const app = new App(options);
	const running = await startServer(app, options.port ?? 0);
	const origin = `http://127.0.0.1:${running.port}`;
	app.baseUrl = `${origin}${SERVICE_PREFIX}`;
	app.controlUrl = `${origin}${CONTROL_PREFIX}`;
	let closed = false;
	return {
		baseUrl: app.baseUrl,
		controlUrl: app.controlUrl,
		port: running.port,
		close: async () => {
			if (closed) return;
			closed = true;
			app.close();
			await running.close();
		},
	};
}
