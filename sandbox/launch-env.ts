/**
 * How a launcher of the sandbox (`npm run sandbox`, `npm start`) reads its switches from the
 * environment. It imports nothing, so the command line can check its input before it loads the
 * sandbox.
 */

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
