import { parseWorkflowList, planExampleImport } from '../../scripts/example-imports';
import type { ShippedExample } from '../../scripts/example-imports';

const example = (id: string, hash: string): ShippedExample => ({
	file: `${id}.json`,
	hash,
	workflow: {
		id,
		name: `Example ${id}`,
		active: false,
		nodes: [{ name: 'Trigger', webhookId: 'fixed-webhook-id' }, { name: 'Set' }],
	},
});

test('a first start imports every example under its own ID and records it', () => {
	const plan = planExampleImport([example('podExA', 'h1')], new Map(), {}, '2026-11-25');
	expect(plan.toImport.map((workflow) => workflow.id)).toEqual(['podExA']);
	expect(plan.records).toEqual({ podExA: { workflowId: 'podExA', hash: 'h1' } });
	expect(plan.report).toEqual(['imported  "Example podExA" (podExA.json)']);
});

test("a later start keeps what n8n holds: the user's name, edits and activation", () => {
	const plan = planExampleImport(
		[example('podExA', 'h1')],
		new Map([['podExA', 'My renamed example']]),
		{ podExA: { workflowId: 'podExA', hash: 'h1' } },
		'2026-11-25',
	);
	expect(plan.toImport).toEqual([]);
	expect(plan.report).toEqual(['kept      "My renamed example" (podExA.json)']);
});

test('an example already in n8n with no record (an older dev folder) is kept, not overwritten', () => {
	const plan = planExampleImport(
		[example('podExA', 'h1')],
		new Map([['podExA', 'Example podExA']]),
		{},
		'2026-11-25',
	);
	expect(plan.toImport).toEqual([]);
	expect(plan.records.podExA).toEqual({ workflowId: 'podExA', hash: 'h1' });
});

test("a changed example file comes in beside the user's workflow, with its own ID, name and webhook IDs", () => {
	const plan = planExampleImport(
		[example('podExA', 'h2')],
		new Map([['podExA', 'Mine']]),
		{ podExA: { workflowId: 'podExA', hash: 'h1' } },
		'2026-11-25',
	);
	expect(plan.toImport).toHaveLength(1);
	const [copy] = plan.toImport as Array<{
		id: string;
		name: string;
		nodes: Array<Record<string, unknown>>;
	}>;
	expect(copy.id).toMatch(/^[A-Za-z0-9]{16}$/);
	expect(copy.name).toBe('Example podExA (updated 2026-11-25)');
	expect(copy.nodes[0].webhookId).not.toBe('fixed-webhook-id');
	expect(copy.nodes[1]).not.toHaveProperty('webhookId');
	expect(plan.records.podExA).toEqual({ workflowId: copy.id, hash: 'h2' });
	expect(plan.report[0]).toContain('"Mine" is kept as it is');

	// The next start keeps both.
	const next = planExampleImport(
		[example('podExA', 'h2')],
		new Map([
			['podExA', 'Mine'],
			[copy.id, copy.name],
		]),
		plan.records,
		'2026-11-26',
	);
	expect(next.toImport).toEqual([]);
});

test('an example deleted in n8n is not imported again', () => {
	const plan = planExampleImport(
		[example('podExA', 'h1')],
		new Map(),
		{ podExA: { workflowId: 'podExA', hash: 'h1' } },
		'2026-11-25',
	);
	expect(plan.toImport).toEqual([]);
	expect(plan.report[0]).toMatch(/^skipped .*deleted in n8n/);
});

test("the workflow list is read from n8n's output, among its log lines", () => {
	const listed = parseWorkflowList(
		'Permissions 0644 for n8n settings file are too wide.\npodExA|List paid orders\nAbC123|a | b\n',
	);
	expect([...listed]).toEqual([
		['podExA', 'List paid orders'],
		['AbC123', 'a | b'],
	]);
});
