/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- a benchmark run on Node, never shipped */
/**
 * Read-only queries on a running n8n's SQLite database, from a process of its own: the benchmark
 * watches its executions finish without asking n8n, so that watching costs n8n no CPU. The reader
 * is n8n's Node 24 with its built-in `node:sqlite` (Node 20 has none), kept running and fed one
 * query per line; n8n's database is in WAL mode, where a reader never blocks n8n's writes.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';

import type { N8nRuntime } from '../../scripts/n8n-runtime';

const READER = `
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(process.argv[1], { readOnly: true });
db.exec('PRAGMA busy_timeout = 5000');
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
	const { id, sql, params } = JSON.parse(line);
	let answer;
	try {
		answer = { id, rows: db.prepare(sql).all(...params) };
	} catch (error) {
		answer = { id, error: String(error && error.message || error) };
	}
	process.stdout.write(JSON.stringify(answer) + '\\n');
});
`;

export type Row = Record<string, string | number | null>;

export interface N8nDatabase {
	all(sql: string, ...params: Array<string | number>): Promise<Row[]>;
	close(): Promise<void>;
}

/** Opens the database of the n8n whose user folder is given (`<folder>/.n8n/database.sqlite`). */
export function openN8nDatabase(runtime: N8nRuntime, userFolder: string): N8nDatabase {
	const file = path.join(userFolder, '.n8n', 'database.sqlite');
	const child = spawn(
		path.join(runtime.nodeHome, 'bin', 'node'),
		['--no-warnings', '-e', READER, file],
		{ stdio: ['pipe', 'pipe', 'inherit'] },
	);
	const exited = once(child, 'exit');
	const waiting = new Map<number, { resolve: (rows: Row[]) => void; reject: (e: Error) => void }>();
	let nextId = 0;
	createInterface({ input: child.stdout }).on('line', (line) => {
		const answer = JSON.parse(line) as { id: number; rows?: Row[]; error?: string };
		const pending = waiting.get(answer.id);
		waiting.delete(answer.id);
		if (answer.error !== undefined) pending?.reject(new Error(answer.error));
		else pending?.resolve(answer.rows ?? []);
	});
	void exited.then(([code]) => {
		for (const pending of waiting.values()) {
			pending.reject(new Error(`the database reader exited with ${code}`));
		}
		waiting.clear();
	});
	return {
		all: async (sql, ...params) =>
			await new Promise<Row[]>((resolve, reject) => {
				const id = nextId++;
				waiting.set(id, { resolve, reject });
				child.stdin.write(`${JSON.stringify({ id, sql, params })}\n`);
			}),
		close: async () => {
			if (child.exitCode !== null) return;
			child.stdin.end();
			await exited;
		},
	};
}

/** An n8n date column (SQLite text `YYYY-MM-DD HH:MM:SS.SSS`, UTC) as epoch milliseconds. */
export function epochMsOf(value: string | number | null): number {
	if (value === null) return Number.NaN;
	if (typeof value === 'number') return value;
	return Date.parse(`${value.replace(' ', 'T')}${/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? '' : 'Z'}`);
}
