/**
 * Jest's node environment, with what a test writes to the console held back and printed only when
 * that test (or a hook before it) fails: n8n's logger writes every node error to the console, and
 * the tests provoke hundreds on purpose. POD_DEBUG=1 prints everything as it comes.
 */
const { TestEnvironment } = require('jest-environment-node');

const HELD = ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'table'];

class QuietEnvironment extends TestEnvironment {
	async setup() {
		await super.setup();
		if (process.env.POD_DEBUG) return;
		const real = this.global.console;
		this.console = real;
		this.held = [];
		// Every other method as the real console has it; no _stdout or _stderr, which winston (n8n's
		// logger) would write to directly, past console.log, when Jest's console has them.
		const quiet = {};
		for (
			let proto = real;
			proto && proto !== Object.prototype;
			proto = Object.getPrototypeOf(proto)
		) {
			for (const key of Object.getOwnPropertyNames(proto)) {
				if (!(key in quiet) && typeof real[key] === 'function' && !key.startsWith('_')) {
					quiet[key] = real[key].bind(real);
				}
			}
		}
		for (const method of HELD) {
			quiet[method] = (...args) => this.held.push([method, args]);
		}
		this.global.console = quiet;
	}

	handleTestEvent(event) {
		if (!this.held) return;
		if (event.name === 'hook_failure' || (event.name === 'test_done' && event.test.errors.length)) {
			for (const [method, args] of this.held) this.console[method](...args);
		}
		// What a passing test wrote is dropped; what comes after it belongs to the next test.
		if (event.name === 'test_done' || event.name === 'hook_failure') this.held = [];
	}
}

module.exports = QuietEnvironment;
