/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- tests run on Node, never shipped */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { KIND_OPTION_NAMES, plainOptions } from '../../sandbox/options';

/** The option names of sandbox/README.md's options table, in its order. */
function tableOptions(): string[] {
	const readme = readFileSync(join(__dirname, '..', '..', 'sandbox', 'README.md'), 'utf8');
	const start = readme.indexOf('## Options: kinder than the contract');
	const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
	return [...section.matchAll(/^\| `(\w+)`\s*\| (\w+)\s*\|/gm)].map(([, name, fallback]) => {
		expect([name, fallback]).toEqual([name, 'off']);
		return name;
	});
}

describe('sandbox options: one list, one table', () => {
	test("README's options table names every option of sandbox/options.ts, in its order, each off by default", () => {
		expect(tableOptions()).toEqual([...KIND_OPTION_NAMES]);
		expect(Object.values(plainOptions()).every((on) => on === false)).toBe(true);
	});
});
