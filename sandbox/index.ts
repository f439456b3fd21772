/**
 * The sandbox's entry for tests, benchmarks and scripts: starts the emulator on 127.0.0.1 (an
 * ephemeral port by default) and returns its service and control URLs with a close that stops
 * everything it started.
 */

import { App, type SandboxOptions } from './app';
import { resolveKindOptions } from './launch-env';
import { CONTROL_PREFIX, SERVICE_PREFIX, startServer } from './server';

export type { SandboxOptions } from './app';
export type { Quirks } from './codec';
export { DEMO } from './seed';
export {
	resolveKindOptions,
	SANDBOX_OPTIONS_ENV,
	sandboxOptionsFromEnv,
	sandboxPortFromEnv,
	VARIANT_SKU_TEXTS_ENV,
	variantSkuTextsFromEnv,
} from './launch-env';
export { KIND_OPTION_NAMES, type KindOptionName, type KindOptions } from './options';
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

/**
 * Starts a local emulator of the print-on-demand service on 127.0.0.1. Each kinder behaviour
 * (sandbox/options.ts) is as `options` gives it, else as the environment's SANDBOX_OPTIONS names
 * it, else off; a SANDBOX_OPTIONS naming no option throws before anything starts.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	// eslint-disable-next-line @n8n/community-nodes/no-restricted-globals -- the sandbox runs on Node, never shipped
	const app = new App(options, resolveKindOptions(options, process.env));
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
