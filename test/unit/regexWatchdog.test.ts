/**
 * The harness runs again only a run that n8n's regex watchdog refused in n8n's own code: a
 * timeout met while this package's code ran, or any other error, is the test's result.
 */
import { refusedByRegexWatchdog } from '../support/n8n';

const watchdog = (stack: string[]) =>
	Object.assign(new Error('Regular expression execution timed out'), {
		stack: ['Error: Regular expression execution timed out', ...stack].join('\n'),
	});

test("n8n's watchdog in its own parameter checks: run again", () => {
	expect(
		refusedByRegexWatchdog(
			watchdog([
				'    at Object.test (/work/main/node_modules/n8n-workflow/dist/cjs/safe-regex.js:90:19)',
				'    at getNodeParameters (/work/main/node_modules/n8n-workflow/dist/cjs/node-helpers.js:1098:54)',
			]),
		),
	).toBe(true);
});

test("a timeout met in this package's code, or another error: the result stands", () => {
	expect(
		refusedByRegexWatchdog(
			watchdog([
				'    at Object.test (/work/main/node_modules/n8n-workflow/dist/cjs/safe-regex.js:90:19)',
				'    at readOrder (/work/main/nodes/PodPlatform/actions/order/submit/readOrder.ts:58:3)',
			]),
		),
	).toBe(false);
	expect(refusedByRegexWatchdog(new Error('The order with Unique ID X was NOT sent'))).toBe(false);
	expect(refusedByRegexWatchdog(undefined)).toBe(false);
});
