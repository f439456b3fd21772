import { buildMultipart } from '../../nodes/PodPlatform/actions/common/multipart';
import { parseMultipart } from '../../sandbox/multipart';

describe('buildMultipart', () => {
	it('builds parts that an independent parser reads back byte for byte', () => {
		const file = Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0x3b, 0x0d, 0x0a, 0x00, 0xff]);
		const body = buildMultipart([
			{ name: 'note', value: 'héllo' },
			{ name: 'file', value: file, fileName: 'orders "march".csv', contentType: 'text/csv' },
		]);
		expect(body.contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
		const parts = parseMultipart(body.data, body.contentType);
		expect(parts.map((p) => p.name)).toEqual(['note', 'file']);
		expect(parts[0].data.toString('utf8')).toBe('héllo');
		expect(parts[1].filename).toBe('orders %22march%22.csv');
		expect(Buffer.compare(parts[1].data, file)).toBe(0);
	});

	it('uses a fresh boundary for every body', () => {
		const a = buildMultipart([{ name: 'x', value: '1' }]).contentType;
		const b = buildMultipart([{ name: 'x', value: '1' }]).contentType;
		expect(a).not.toBe(b);
	});
});
