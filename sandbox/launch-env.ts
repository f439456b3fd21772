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
