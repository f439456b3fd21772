import * as entry from '../../index';

test('the top-level index exports the credential and every node n8n loads', () => {
	const names = Object.values(entry).map((Exported) => {
		const instance = new Exported() as { name?: string; description?: { name: string } };
		return instance.description?.name ?? instance.name;
	});
	expect(names.sort()).toEqual([
		'podPlatform',
		'podPlatformApi',
		'podPlatformPollTrigger',
		'podPlatformTrigger',
	]);
});
