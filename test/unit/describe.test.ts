/**
 * The action node's description as the editor reads it: the canvas subtitle names the operation
 * and the resource in words, for every operation; each operation's value is its own within its
 * resource, the defaults name one that exists, and the texts written for a model reach it.
 */
import { PodPlatform } from '../../nodes/PodPlatform/PodPlatform.node';
import { RESOURCES } from '../../nodes/PodPlatform/actions/resources';
import { toolDescriptionProperties } from '../../nodes/PodPlatform/actions/toolDescription';

/** The subtitle expression's table of words, and the expression around it. */
function subtitleParts(): { table: Record<string, string>; lookup: string } {
	const subtitle = String(new PodPlatform().description.subtitle);
	const match = /^=\{\{ \((\{.*\})\)(\[.*\]) \}\}$/.exec(subtitle);
	if (!match) throw new Error(`Unexpected subtitle: ${subtitle}`);
	return { table: JSON.parse(match[1]) as Record<string, string>, lookup: match[2] };
}

test('the subtitle says every operation and its resource in words', () => {
	const { table, lookup } = subtitleParts();
	expect(lookup).toBe('[$parameter["resource"] + ":" + $parameter["operation"]]');
	expect(table['order:submit']).toBe('Submit: Order');
	for (const resource of RESOURCES) {
		for (const { option } of resource.operations) {
			expect(table[`${resource.value}:${option.value}`]).toBe(`${option.name}: ${resource.name}`);
		}
	}
});

test('nothing inside the subtitle ends the expression early', () => {
	const subtitle = String(new PodPlatform().description.subtitle);
	expect(subtitle.indexOf('}}')).toBe(subtitle.length - 2);
});

test('each operation of a resource has its own value, and the defaults name one of them', () => {
	for (const resource of RESOURCES) {
		const values = resource.operations.map(({ option }) => option.value);
		expect(new Set(values).size).toBe(values.length);
		for (const preselected of [resource.defaultOperation, resource.toolDefaultOperation]) {
			if (preselected !== undefined) expect(values).toContain(preselected);
		}
	}
});

test('the operations an agent uses carry their text for the model, and the tool gives the model that text', () => {
	const written = RESOURCES.flatMap((resource) =>
		resource.operations
			.filter(({ forModel }) => forModel !== undefined)
			.map(({ option, forModel }) => [`${resource.value}:${option.value}`, forModel!] as const),
	);
	expect(written.map(([key]) => key)).toEqual(
		expect.arrayContaining([
			'order:get',
			'order:getAll',
			'order:submit',
			'order:cancel',
			'order:commit',
			'product:find',
			'product:getStorefrontListing',
		]),
	);
	const table = toolDescriptionProperties(RESOURCES).find(
		(property) => property.name === 'toolDescription' && property.type === 'hidden',
	)?.default as string;
	for (const [key, text] of written) {
		expect(table).toContain(`${JSON.stringify(key)}:${JSON.stringify(text)}`);
	}
});
