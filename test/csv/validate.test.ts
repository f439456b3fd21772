/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- reads the operations reference's column table, never shipped */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import {
	CSV_COLUMNS,
	CSV_HEADERS,
	csvFormat,
	uploadQuery,
} from '../../nodes/PodPlatform/actions/csvImport/csv';
import { validateCsv } from '../../nodes/PodPlatform/actions/csvImport/csvValidate';
import { CSV_HEADERS as SANDBOX_HEADERS } from '../../sandbox/csv';
import { CONTRACT_HEADERS, orderValues, sampleLines, writeCsv } from './fixtures';

const european = csvFormat('european');
const ukUs = csvFormat('ukUs');

describe('column table', () => {
	it('has the contract 54 headers in order', () => {
		expect(CSV_HEADERS).toHaveLength(54);
		expect(CSV_HEADERS).toEqual(CONTRACT_HEADERS);
		expect(CSV_HEADERS).toEqual(SANDBOX_HEADERS);
	});

	it('gives every column a distinct camelCase key', () => {
		const keys = CSV_COLUMNS.map((c) => c.key);
		expect(new Set(keys).size).toBe(54);
		expect(keys.slice(0, 4)).toEqual([
			'orderGroupId',
			'uniqueId',
			'countryId',
			'shippingCarrierId',
		]);
		expect(keys).toContain('customerShippingAddressStreetNo');
		expect(keys[53]).toBe('positionVerticalCenter');
	});

	it('asks for query parameters only away from the European default', () => {
		expect(uploadQuery(european)).toEqual({});
		expect(uploadQuery(ukUs)).toEqual({ separator: ',' });
		expect(uploadQuery(csvFormat('european', "'"))).toEqual({ quote: "'" });
	});
});

describe('validateCsv accepts good files', () => {
	it('European, multi-design and multi-composition, quoted separators', () => {
		const report = validateCsv(writeCsv(sampleLines()), european);
		expect(report.problems).toEqual([]);
		expect(report).toMatchObject({ valid: true, rows: 5, orders: 2, designs: 3, bom: false });
	});

	it('UK/US with a BOM and LF line ends', () => {
		const file = writeCsv(sampleLines('.'), { delimiter: ',', bom: true, eol: '\n' });
		const report = validateCsv(file, ukUs);
		expect(report.problems).toEqual([]);
		expect(report).toMatchObject({ valid: true, rows: 5, orders: 2, bom: true });
	});

	it('a custom quote character', () => {
		const file = writeCsv(sampleLines(), { quote: "'" });
		expect(file.toString()).toContain("'Standard; tracked'");
		expect(validateCsv(file, csvFormat('european', "'")).problems).toEqual([]);
	});

	it('later lines of a group may leave group values empty', () => {
		const [first, second] = sampleLines();
		const sparse = { ...second };
		for (const key of Object.keys(orderValues('A', 'ext-a')))
			if (key !== 'order group id') delete sparse[key];
		expect(validateCsv(writeCsv([first, sparse]), european).problems).toEqual([]);
	});
});

describe('validateCsv reports every problem with line and column', () => {
	const problemsOf = (file: Buffer, format = european) => validateCsv(file, format).problems;

	it('a header out of order or misspelt, each column named', () => {
		const headers = [...CONTRACT_HEADERS];
		[headers[1], headers[2]] = [headers[2], headers[1]];
		headers[11] = 'Customer Email';
		const problems = problemsOf(writeCsv(sampleLines(), { headers }));
		expect(problems.map((p) => [p.line, p.columnNumber])).toEqual([
			[1, 2],
			[1, 3],
			[1, 12],
		]);
		expect(problems[0].message).toContain('belongs in column 3');
		expect(problems[2].message).toContain('different capitals');
	});

	it('a missing column', () => {
		const headers = CONTRACT_HEADERS.filter((h) => h !== 'design amount');
		const text = writeCsv([], { headers });
		const [problem] = problemsOf(text);
		expect(problem.message).toMatch(/53 columns.*missing: "design amount"/);
	});

	it('the wrong separator for the chosen format', () => {
		const problems = problemsOf(writeCsv(sampleLines('.'), { delimiter: ',' }), european);
		expect(problems).toHaveLength(1);
		expect(problems[0].message).toMatch(/separates values with ","/);
	});

	it('decimals in the other format, and bad numbers', () => {
		const lines = sampleLines();
		lines[0].orderShippingPrice = '4.95';
		lines[0]['position left'] = '10.5';
		lines[4] = { ...lines[4], orderShippingPrice: '1.234,50', 'design amount': '0' };
		const problems = problemsOf(writeCsv(lines));
		const at = problems.map((p) => `${p.line}:${p.column}`);
		expect(at).toEqual(
			expect.arrayContaining([
				'2:orderShippingPrice',
				'2:position left',
				'6:orderShippingPrice',
				'6:design amount',
			]),
		);
		expect(problems.find((p) => p.column === 'position left')!.message).toContain(
			'writes decimals with ","',
		);
	});

	it('a design without an amount passes: the contract lets unused values be empty', () => {
		const lines = sampleLines().map((line) => ({ ...line, 'design amount': '' }));
		expect(problemsOf(writeCsv(lines))).toEqual([]);
	});

	it('order rows that disagree, and design rows that disagree', () => {
		const lines = sampleLines();
		lines[1]['customer shipping address city'] = 'Hamburg';
		lines[2]['design amount'] = '5';
		lines[3].countryId = '';
		const problems = problemsOf(writeCsv(lines));
		expect(problems).toEqual([
			expect.objectContaining({
				line: 3,
				column: 'customer shipping address city',
				value: 'Hamburg',
			}),
			expect.objectContaining({ line: 4, column: 'design amount', value: '5' }),
		]);
		expect(problems[0].message).toContain('differs from "Berlin" on line 2');
	});

	it('positions follow the Position rule: any two values of a direction, never all three', () => {
		// A problem names a column by its label, as the column mapper shows it.
		const labelOf = (header: string) =>
			CSV_COLUMNS.find((column) => column.header === header)?.label;
		const axes = [
			['position left', 'position right', 'position horizontal center'],
			['position top', 'position bottom', 'position vertical center'],
		];
		for (const [first, second, centre] of axes) {
			for (let mask = 0; mask < 8; mask++) {
				const lines = sampleLines();
				const placed = lines[0];
				for (const column of axes.flat()) placed[column] = '';
				if (mask & 1) placed[first] = '10';
				if (mask & 2) placed[second] = '5%';
				placed[centre] = mask & 4 ? 'true' : 'false';
				const refused = problemsOf(writeCsv(lines)).filter((p) => p.column?.startsWith('position'));
				expect(refused.map((p) => `line ${p.line}, ${p.message}`)).toEqual(
					mask === 7
						? [
								`line 2, ${labelOf(centre)}: sets ${labelOf(first)}, ${labelOf(second)} and ${labelOf(centre)} together: keep at most two of them`,
							]
						: [],
				);
			}
		}
	});

	it('required values, country codes, centre flags, urls, motive without composition', () => {
		const lines = sampleLines();
		lines[0]['customer shipping address country code'] = 'de';
		lines[0]['position horizontal center'] = 'yes';
		lines[3]['element motive url'] = 'ftp://example.com/x.png';
		lines[4] = {
			...lines[4],
			'design product id': '',
			countryId: '',
			'customer billing address country code': 'XX',
		};
		lines.push({
			...lines[4],
			'order group id': 'C',
			uniqueId: 'ext-c',
			countryId: '1',
			'design group id': '',
			'element motive id': '5001',
			'position top': '3',
		});
		const problems = problemsOf(writeCsv(lines));
		const at = problems.map((p) => `${p.line}:${p.column}`);
		expect(at).toEqual([
			'2:customer shipping address country code',
			'2:position horizontal center',
			'3:customer shipping address country code',
			'4:customer shipping address country code',
			'5:element motive url',
			'5:customer shipping address country code',
			'6:customer billing address country code',
			'6:countryId',
			'6:design product id',
			'7:customer billing address country code',
			'7:design group id',
			'7:composition group id',
		]);
		expect(problems[0].message).toContain('write it in capitals: "DE"');
	});

	it('a line with too few values, an unclosed quote', () => {
		const good = writeCsv(sampleLines()).toString();
		const [header, ...rest] = good.trimEnd().split('\r\n');
		const short = rest[1].split(';').slice(0, 40).join(';');
		const broken = `${header}\r\n${rest[0]}\r\n${short}\r\n${rest[2]}\r\n"unclosed;${rest[3].slice(2)}\r\n`;
		const problems = problemsOf(Buffer.from(broken));
		expect(problems[0]).toMatchObject({ line: 3 });
		expect(problems[0].message).toMatch(/has \d+ values, the import needs exactly 54/);
		expect(problems[problems.length - 1].message).toContain('cannot be read as CSV');
	});

	it('duplicate uniqueIds across orders, an empty file, a header alone', () => {
		const lines = sampleLines();
		lines[4].uniqueId = 'ext-a';
		expect(problemsOf(writeCsv(lines))).toEqual([
			expect.objectContaining({
				line: 6,
				column: 'uniqueId',
				message: expect.stringContaining('order group "A"'),
			}),
		]);
		expect(problemsOf(Buffer.alloc(0))[0].message).toBe('The file is empty');
		expect(problemsOf(writeCsv([]))[0].message).toContain('no order lines');
	});

	it('counts every problem but lists only the first ones', () => {
		const lines = Array.from({ length: 30 }, (_, i) => ({
			...sampleLines()[4],
			'order group id': `G${i}`,
			uniqueId: `u${i}`,
			'design amount': 'x',
		}));
		const report = validateCsv(writeCsv(lines), european, { maxProblems: 10 });
		expect(report.problemCount).toBe(30);
		expect(report.problems).toHaveLength(10);
		expect(report.problemsTruncated).toBe(true);
		expect(report.valid).toBe(false);
	});
});

describe('the names of the columns', () => {
	test('each column has one label, Title Case, and a description of its own', () => {
		const labels = CSV_COLUMNS.map((column) => column.label);
		expect(new Set(labels).size).toBe(CSV_COLUMNS.length);
		for (const column of CSV_COLUMNS) {
			expect({
				header: column.header,
				titleCase: /^([A-Z0-9][\w-]*|on|for)( ([A-Z0-9][\w-]*|on|for))*$/.test(column.label),
			}).toEqual({ header: column.header, titleCase: true });
			expect(column.description.length).toBeGreaterThan(10);
		}
		expect(new Set(CSV_COLUMNS.map((column) => column.description)).size).toBe(CSV_COLUMNS.length);
	});

	test("the operations reference's column table says what each column holds, as the column table does", () => {
		const reference = readFileSync(
			path.join(__dirname, '../../docs/operations-reference.md'),
			'utf8',
		);
		const rows = reference
			.split("## The import file's columns")[1]
			.split('\n## ')[0]
			.split('\n')
			.filter((line) => /^\| \d+ /.test(line))
			.map((line) =>
				line
					.split('|')
					.slice(1, -1)
					.map((cell) => cell.trim()),
			);
		expect(rows).toEqual(
			CSV_COLUMNS.map((column, index) => [
				String(index + 1),
				column.label,
				`\`${column.header}\``,
				column.description,
			]),
		);
	});

	test('a problem names its column by the label the column mapper shows', () => {
		const lines = sampleLines();
		lines[1]['design amount'] = 'two';
		lines[2]['element motive url'] = 'https://example.com/motive.png';
		const report = validateCsv(writeCsv(lines), csvFormat('european'));
		expect(report.problems.map((problem) => problem.message)).toEqual([
			'Amount: must be a positive whole number, got "two"',
			'Amount: "two" differs from "2" on line 2 of the same design',
			'Motive URL: give either Motive ID or Motive URL, not both',
		]);
	});
});
