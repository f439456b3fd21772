/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, no-console -- a benchmark run on Node, never shipped; each pass runs in its own child process so peak RSS is its own */
/**
 * CSV import at scale: builds a 50,000-row file, then measures time and peak memory of our
 * validator next to a bare csv-parse pass over the same file. Each measurement runs in a fresh
 * child process (peak RSS is a process-wide high-water mark), after the file is loaded, so the
 * numbers are what the pass adds beyond the file itself.
 *
 *   npx ts-node --transpile-only bench/csv.ts [rows]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { parse } from 'csv-parse/sync';

import { buildMultipart } from '../nodes/PodPlatform/actions/common/multipart';
import { csvFormat, csvFormPart } from '../nodes/PodPlatform/actions/csvImport/csv';
import { csvBuffer, rowsFromOrder } from '../nodes/PodPlatform/actions/csvImport/csvBuild';
import { validateCsv } from '../nodes/PodPlatform/actions/csvImport/csvValidate';

const format = csvFormat('european');
const MB = 1024 * 1024;

type Pass = 'csvParseCollect' | 'csvParseDrop' | 'validate' | 'uploadBody';

const PASSES: Record<Pass, { label: string; run(file: Buffer): unknown }> = {
	csvParseCollect: {
		label: 'bare csv-parse (records collected, its default)',
		run: (file) =>
			parse(file, { delimiter: ';', bom: true, relax_column_count: true }) as unknown[],
	},
	csvParseDrop: {
		label: 'bare csv-parse (records dropped in on_record)',
		run: (file) => {
			let rows = 0;
			parse(file, {
				delimiter: ';',
				bom: true,
				relax_column_count: true,
				on_record: () => void rows++,
			});
			return rows;
		},
	},
	validate: {
		label: 'our validator (validateCsv)',
		run: (file) => {
			const report = validateCsv(file, format);
			if (!report.valid)
				throw new Error(`bench file invalid: ${JSON.stringify(report.problems[0])}`);
			return report;
		},
	},
	uploadBody: {
		label: 'upload preparation (validate + multipart body)',
		run: (file) => {
			validateCsv(file, format);
			return buildMultipart([csvFormPart(file, 'bench.csv')]).data.length;
		},
	},
};

/** An order of five lines: two designs, the first with two compositions of two motives. */
function order(n: number) {
	return {
		uniqueId: `bench-${n}`,
		countryId: 1,
		shipping: { carrierId: 21, title: 'Standard; tracked', price: 4.95 },
		customer: {
			firstName: 'Erika',
			lastName: `Mustermann ${n}`,
			email: `erika${n}@example.com`,
			shippingAddress: {
				company: 'Muster "GmbH"',
				street: 'Hauptstraße',
				streetNo: String(n),
				city: 'Berlin',
				zip: '10115',
				countryCode: 'DE',
			},
		},
		designs: [
			{
				productId: 1001,
				amount: 2,
				compositions: [
					{
						productAreaId: 4001,
						elements: [
							{ motiveId: 5001, position: { left: 10.5, right: 10.5 } },
							{ motiveId: 5002 },
						],
					},
					{
						productAreaName: 'BACK',
						elements: [{ motiveId: 5003, position: { top: '20%' } }, { motiveId: 5001 }],
					},
				],
			},
			// The product's own SKU, as the contract's `design product sku` is (the file names no colour or size).
			{ sku: 'TEE-CLASSIC', amount: 1 },
		],
	};
}

function buildFile(rows: number): { file: Buffer; ms: number } {
	const started = performance.now();
	const all = [];
	for (let n = 1; all.length < rows; n++) all.push(...rowsFromOrder(order(n), `O${n}`, format));
	const file = csvBuffer(all.slice(0, rows), format, true);
	return { file, ms: performance.now() - started };
}

/** In the child: load the file, settle, run one pass, report time and memory added. */
function child(pass: Pass, path: string) {
	const gc = (globalThis as { gc?: () => void }).gc!;
	const file = readFileSync(path);
	gc();
	const before = process.memoryUsage();
	const started = performance.now();
	const result = PASSES[pass].run(file);
	const ms = performance.now() - started;
	const peakRss = process.resourceUsage().maxRSS * 1024;
	// What the pass still holds once its garbage is gone: its result, and nothing else.
	gc();
	const heapAfter = process.memoryUsage().heapUsed;
	console.log(
		JSON.stringify({
			pass,
			result: Array.isArray(result)
				? result.length
				: typeof result === 'object'
					? 'report'
					: result,
			ms: Math.round(ms),
			rssBeforeMb: +(before.rss / MB).toFixed(1),
			peakRssMb: +(peakRss / MB).toFixed(1),
			addedPeakRssMb: +((peakRss - before.rss) / MB).toFixed(1),
			heapRetainedMb: +((heapAfter - before.heapUsed) / MB).toFixed(1),
		}),
	);
}

function measure(pass: Pass, path: string) {
	const out = execFileSync(
		process.execPath,
		['--expose-gc', '-r', 'ts-node/register/transpile-only', __filename, '--child', pass, path],
		{ encoding: 'utf8', cwd: join(__dirname, '..') },
	);
	return JSON.parse(out.trim().split('\n').pop()!) as Record<string, number | string>;
}

function main() {
	const rows = Number(process.argv[2] ?? 50_000);
	const dir = mkdtempSync(join(tmpdir(), 'csv-bench-'));
	const sizes = [...new Set([Math.round(rows / 5), Math.round(rows / 2), rows])];
	const results: Record<string, unknown>[] = [];
	let build: Record<string, number> = {};
	for (const size of sizes) {
		const { file, ms } = buildFile(size);
		const path = join(dir, `orders-${size}.csv`);
		writeFileSync(path, file);
		if (size === rows)
			build = { rows: size, ms: Math.round(ms), fileMb: +(file.length / MB).toFixed(1) };
		for (const pass of Object.keys(PASSES) as Pass[]) {
			results.push({ rows: size, fileMb: +(file.length / MB).toFixed(1), ...measure(pass, path) });
		}
	}

	console.log(`Build CSV: ${build.rows} rows (${build.fileMb} MB) in ${build.ms} ms\n`);
	console.log(
		'rows    file MB  pass                                              ms   +peak RSS MB  heap kept MB',
	);
	console.log(
		'(+peak RSS: peak resident memory the pass added beyond the loaded file; heap kept: what its result holds after GC)',
	);
	for (const r of results) {
		console.log(
			`${String(r.rows).padEnd(8)}${String(r.fileMb).padEnd(9)}${PASSES[r.pass as Pass].label.padEnd(50)}${String(r.ms).padStart(6)}${String(r.addedPeakRssMb).padStart(14)}${String(r.heapRetainedMb).padStart(14)}`,
		);
	}
	const at = (pass: Pass) => results.find((r) => r.rows === rows && r.pass === pass)!;
	const ratio = (a: Pass, b: Pass, key: string) =>
		+(Number(at(a)[key]) / Number(at(b)[key])).toFixed(2);
	const summary = {
		validatorTimeVsBareParse: ratio('validate', 'csvParseDrop', 'ms'),
		validatorPeakVsBareParseCollect: ratio('validate', 'csvParseCollect', 'addedPeakRssMb'),
	};
	console.log(
		`\nAt ${rows} rows: validator time ${summary.validatorTimeVsBareParse}× a bare csv-parse pass; added peak memory ${summary.validatorPeakVsBareParseCollect}× that of csv-parse collecting records.`,
	);

	mkdirSync(join(__dirname, 'results'), { recursive: true });
	writeFileSync(
		join(__dirname, 'results', 'csv.json'),
		`${JSON.stringify({ node: process.version, date: new Date().toISOString(), build, results, summary }, null, 2)}\n`,
	);
}

if (process.argv[2] === '--child') child(process.argv[3] as Pass, process.argv[4]);
else main();
