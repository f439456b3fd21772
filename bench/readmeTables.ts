/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console, @typescript-eslint/no-explicit-any -- a benchmark tool run on Node, never shipped */
/**
 * `npm run bench:tables`: bench/README.md's tables, printed as Markdown from
 * bench/results/*.json, so that bench/README.md shows the figures of one run as they were written.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const results = (name: string): any =>
	JSON.parse(readFileSync(join(__dirname, 'results', `${name}.json`), 'utf8'));

const whole = (value: number) => Math.round(value).toLocaleString('en-US');
const spread = (side: any) =>
	side ? `${whole(side.ms.median)} (${whole(side.ms.min)}–${whole(side.ms.max)})` : '';
const ratio = (a: any, b: any) => (a && b ? (a.ms.median / b.ms.median).toFixed(2) : '');

function table(header: string[], rows: string[][]): string {
	// At least three wide, as Prettier writes a Markdown table's separator row.
	const widths = header.map((title, i) =>
		Math.max(3, title.length, ...rows.map((r) => r[i].length)),
	);
	const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
	return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const http: string[][] = [];
for (const r of results('returnAll').results) {
	const s = r.sides;
	http.push([
		`Return All, ${whole(r.orders)} orders`,
		r.conditionLabel,
		spread(s.raw),
		'',
		spread(s.httpRequest),
		'',
		spread(s.node),
		'',
		ratio(s.node, s.httpRequest),
		ratio(s.node, s.raw),
	]);
}
for (const r of results('orders').results) {
	const s = r.sides;
	http.push([
		`Submit ${whole(r.orders)} orders, c=${r.concurrency}`,
		r.conditionLabel,
		spread(s.raw),
		spread(s.helperFloor),
		spread(s.httpRequest),
		spread(s.loopHttpRequest),
		spread(s.node),
		ratio(s.node, s.helperFloor),
		`${ratio(s.node, s.httpRequest)} (${ratio(s.node, s.loopHttpRequest)})`,
		ratio(s.node, s.raw),
	]);
}
console.log(
	table(
		[
			'Job',
			'Network',
			'raw undici',
			"n8n's helper alone",
			'HTTP Request node',
			'Loop + HTTP Request',
			'This node',
			'node ÷ helper',
			'node ÷ HTTP Request (loop)',
			'node ÷ raw',
		],
		http,
	),
);

const perOrder = results('orders').results.filter((r: any) => r.condition === 'loopback');
console.log('\nPer order on loopback (µs), median over median:');
for (const r of perOrder) {
	console.log(
		`c=${r.concurrency}: node − raw ${r.nodeOverRawUsPerOrder}, node − helper ${r.nodeOverHelperFloorUsPerOrder}, HTTP Request − raw ${r.httpRequestOverRawUsPerOrder}`,
	);
}

const webhook = results('webhook').results;
const json = webhook.find((r: any) => r.mediaType === 'json');
const xml = webhook.find((r: any) => r.mediaType === 'xml');
const cold = results('coldStart');
const csv = results('csv');
const csvLargest = (pass: string) =>
	csv.results.filter((r: any) => r.pass === pass).sort((a: any, b: any) => b.rows - a.rows)[0];
const validate = csvLargest('validate');
const bare = csvLargest('csvParseDrop');
console.log('');
console.log(
	table(
		['Benchmark', 'This package', 'Baseline', 'Ratio'],
		[
			[
				`Webhook receiving, JSON, ${whole(json.deliveries)} signed deliveries (${json.bodyBytes} bytes)`,
				`${json.nodeUsPerEvent} µs/event`,
				`${json.rawUsPerEvent} µs (HMAC + JSON.parse)`,
				String(json.ratio),
			],
			[
				`Webhook receiving, XML, ${whole(xml.deliveries)} signed deliveries (${xml.bodyBytes} bytes)`,
				`${xml.nodeUsPerEvent} µs/event`,
				`${xml.rawUsPerEvent} µs (HMAC + fast-xml-parser)`,
				String(xml.ratio),
			],
			[
				'Webhook receiving, XML against JSON (this package)',
				`${xml.nodeUsPerEvent} µs/event`,
				`${json.nodeUsPerEvent} µs/event (JSON)`,
				(xml.nodeUsPerEvent / json.nodeUsPerEvent).toFixed(2),
			],
			[
				'Cold start, built credential and two nodes',
				`${cold.nodeMs} ms`,
				`${cold.baselineMs} ms (n8n-workflow alone)`,
				String(cold.ratio),
			],
			[
				`CSV validate, ${whole(validate.rows)} rows (${validate.fileMb} MB)`,
				`${whole(validate.ms)} ms, +${validate.addedPeakRssMb} MB peak`,
				`${whole(bare.ms)} ms, +${bare.addedPeakRssMb} MB (bare csv-parse, records dropped)`,
				(validate.ms / bare.ms).toFixed(2),
			],
			[`CSV build, ${whole(csv.build.rows)} rows`, `${whole(csv.build.ms)} ms`, '', ''],
		],
	),
);

const storefront = results('storefront');
const wallAndCpu = (side: any) =>
	`${whole(side.ms.median)} (${whole(side.ms.min)}–${whole(side.ms.max)}), CPU ${whole(side.cpuMs.median)}`;
const ratios = (a: any, b: any) =>
	`${(a.ms.median / b.ms.median).toFixed(2)}, CPU ${(a.cpuMs.median / b.cpuMs.median).toFixed(2)}`;
console.log(
	`\nStorefront lines: ${whole(storefront.lines)} lines in ${whole(storefront.orders)} orders; ms per job, wall median (min–max), CPU median`,
);
console.log(
	table(
		[
			'Network',
			'c',
			'By names',
			'By IDs',
			'Helper + reading the lines',
			"n8n's helper alone",
			'names ÷ helper',
			'IDs ÷ helper',
			'names ÷ IDs',
			'names ÷ (helper + reading)',
			'Requests names / IDs',
		],
		storefront.results.map((r: any) => {
			const s = r.sides;
			return [
				r.conditionLabel,
				String(r.concurrency),
				wallAndCpu(s.names),
				wallAndCpu(s.ids),
				wallAndCpu(s.helperReading),
				wallAndCpu(s.helper),
				ratios(s.names, s.helper),
				ratios(s.ids, s.helper),
				ratios(s.names, s.ids),
				ratios(s.names, s.helperReading),
				`${s.names.requests} / ${s.ids.requests}`,
			];
		}),
	),
);
console.log('');
console.log(
	table(
		['Lines', 'Orders', 'Requests by names', 'Requests by IDs', 'Difference'],
		storefront.requestCounts.map((row: any) => [
			whole(row.lines),
			whole(row.orders),
			whole(row.names),
			whole(row.ids),
			String(row.names - row.ids),
		]),
	),
);
