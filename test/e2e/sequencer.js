/**
 * Runs the end-to-end files in a fixed order: n8n.e2e.test.ts first, since it checks that the
 * pinned n8n was installed from an empty cache on this run (CI), and the editor check after it
 * reuses that install.
 */
const Sequencer = require('@jest/test-sequencer').default;

const FIRST = 'n8n.e2e.test.ts';

class EndToEndOrder extends Sequencer {
	sort(tests) {
		const rank = (test) => (test.path.endsWith(FIRST) ? 0 : 1);
		return [...tests].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
	}
}

module.exports = EndToEndOrder;
