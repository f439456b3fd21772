/**
 * How a launcher of the sandbox (`npm run sandbox`, `npm start`) reads its switches from the
 * environment. It imports nothing, so the command line can check its input before it loads the
 * sandbox.
 */

import { KIND_OPTION_NAMES, readOptionList, type KindOptions } from './options';

/**
 * The environment variable naming the kinder behaviours a sandbox turns on when its starter does
 * not say: `all`, or a comma list of option names (sandbox/options.ts). `startSandbox` reads it,
 * so that `SANDBOX_OPTIONS=all npx jest` runs the whole node-level suite with every option on.
 */
export const SANDBOX_OPTIONS_ENV = 'SANDBOX_OPTIONS';

/**
 * The options SANDBOX_OPTIONS turns on (unset or empty: none). A name that is no option throws,
 * naming the variable and the accepted names, so that a typo never runs a plain suite that
 * believes itself kind.
 */
export function sandboxOptionsFromEnv(
	env: Record<string, string | undefined>,
): Partial<KindOptions> {
	return readOptionList(env[SANDBOX_OPTIONS_ENV] ?? '', SANDBOX_OPTIONS_ENV);
}

/**
 * The kinder behaviours of a sandbox: each one as its starter gave it, else as SANDBOX_OPTIONS
 * names it, else off. An option given explicitly (also `false`) wins over the environment.
 */
export function resolveKindOptions(
	given: Partial<KindOptions>,
	env: Record<string, string | undefined>,
): KindOptions {
	const fromEnv = sandboxOptionsFromEnv(env);
	return Object.fromEntries(
		KIND_OPTION_NAMES.map((name) => [name, given[name] ?? fromEnv[name] ?? false]),
	) as KindOptions;
}

/** The environment variable that turns the variant SKU text extension on for `npm run sandbox` and `npm start`. */
export const VARIANT_SKU_TEXTS_ENV = 'SANDBOX_VARIANT_SKU_TEXTS';

/**
 * SandboxOptions.variantSkuTexts as SANDBOX_VARIANT_SKU_TEXTS gives it: `1`/`true` on,
 * unset, empty, `0`/`false` off; any other value throws, naming the variable.
 */
export function variantSkuTextsFromEnv(env: Record<string, string | undefined>): boolean {
	const value = (env[VARIANT_SKU_TEXTS_ENV] ?? '').trim().toLowerCase();
	if (value === '1' || value === 'true') return true;
	if (value === '' || value === '0' || value === 'false') return false;
	throw new Error(
		`${VARIANT_SKU_TEXTS_ENV} must be 1 or true (on), 0 or false (off), got ${JSON.stringify(env[VARIANT_SKU_TEXTS_ENV])}`,
	);
}

/** The port a launcher listens on when neither its command line nor SANDBOX_PORT names one. */
export const DEFAULT_SANDBOX_PORT = 8787;

/**
 * A port number as a launcher reads it (`--port N`, SANDBOX_PORT): 0 to 65535, 0 meaning any free
 * port; anything else throws, naming `source`.
 */
export function readPort(text: string | undefined, source: string): number {
	if (text === undefined) throw new Error(`${source} needs a port number (0 = any free port)`);
	const port = /^\d+$/.test(text) ? Number(text) : NaN;
	if (!Number.isInteger(port) || port > 65535) {
		throw new Error(`${source} must be a port number from 0 to 65535, got ${JSON.stringify(text)}`);
	}
	return port;
}

/** The sandbox's port as SANDBOX_PORT gives it (unset or empty: 8787); a bad value throws. */
export function sandboxPortFromEnv(env: Record<string, string | undefined>): number {
	return env.SANDBOX_PORT ? readPort(env.SANDBOX_PORT, 'SANDBOX_PORT') : DEFAULT_SANDBOX_PORT;
}
