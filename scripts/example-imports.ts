/* eslint-disable @n8n/community-nodes/no-restricted-imports -- a dev script, never shipped */
/**
 * Which example workflows `npm start` imports into the dev n8n, so that a start never overwrites
 * what the user did there: `n8n import:workflow` replaces a workflow of the same ID with the file
 * and deactivates it, so an example is imported only when n8n does not have it yet.
 *
 * An example is recognised by the ID its file gives (`podEx...`). The dev folder keeps a record of
 * each example imported: the workflow ID in n8n and a hash of the file then. On a start, for each
 * file in examples/:
 * - never imported: imported under its own ID (kept as it is if that ID is already in n8n);
 * - imported, the file unchanged: left alone, whatever the user did to it;
 * - imported, the file changed since: the new version is imported beside the user's, under a new
 *   ID and the name "<name> (updated <date>)"; the user's stays as it is;
 * - imported and since deleted in n8n: not imported again (Workflows → Import from File brings it
 *   back).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export interface ShippedExample {
	/** The file name in examples/, for messages. */
	file: string;
	workflow: Record<string, unknown>;
	/** Hash of the file's bytes: a changed file is a new version. */
	hash: string;
}

export interface ImportRecord {
	/** The workflow in n8n that holds the last imported version of the file. */
	workflowId: string;
	hash: string;
}

/** Shipped example ID → what was imported for it. */
export type ImportRecords = Record<string, ImportRecord>;

export interface ImportPlan {
	/** The workflows to hand to `n8n import:workflow`. */
	toImport: Array<Record<string, unknown>>;
	/** One line per example: what happened to it. */
	report: string[];
	records: ImportRecords;
}

export function hashOf(text: string): string {
	return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** n8n's own ID form (16 letters and digits): short enough for static data (at most 21). */
function newWorkflowId(): string {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	return [...randomBytes(16)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/**
 * A copy that can sit beside the user's workflow: its own ID, name and webhook IDs (two workflows
 * with the same webhook ID would claim the same webhook path).
 */
function besideCopy(
	workflow: Record<string, unknown>,
	id: string,
	name: string,
): Record<string, unknown> {
	const nodes = (workflow.nodes as Array<Record<string, unknown>>).map((node) =>
		node.webhookId === undefined ? node : { ...node, webhookId: randomUUID() },
	);
	return { ...workflow, id, name, nodes, active: false };
}

/**
 * @param inN8n the workflows n8n holds (archived ones too), ID → name
 * @param today the date for the name of a new version, `yyyy-mm-dd`
 */
export function planExampleImport(
	shipped: ShippedExample[],
	inN8n: Map<string, string>,
	previous: ImportRecords,
	today: string,
): ImportPlan {
	const toImport: Array<Record<string, unknown>> = [];
	const report: string[] = [];
	const records: ImportRecords = { ...previous };
	for (const { file, workflow, hash } of shipped) {
		const id = String(workflow.id);
		const name = String(workflow.name);
		const record = previous[id];
		if (!record) {
			records[id] = { workflowId: id, hash };
			if (inN8n.has(id)) {
				report.push(`kept      "${inN8n.get(id)}" (${file}, already in n8n)`);
			} else {
				toImport.push(workflow);
				report.push(`imported  "${name}" (${file})`);
			}
		} else if (!inN8n.has(record.workflowId)) {
			report.push(
				`skipped   "${name}" (${file}): deleted in n8n, not imported again (Import from File brings it back)`,
			);
		} else if (record.hash === hash) {
			report.push(`kept      "${inN8n.get(record.workflowId)}" (${file})`);
		} else {
			const copyId = newWorkflowId();
			const copyName = `${name} (updated ${today})`;
			toImport.push(besideCopy(workflow, copyId, copyName));
			records[id] = { workflowId: copyId, hash };
			report.push(
				`imported  "${copyName}" (${file} changed since it was imported; "${inN8n.get(record.workflowId)}" is kept as it is)`,
			);
		}
	}
	return { toImport, report, records };
}

/** The IDs and names `n8n list:workflow` printed (`<id>|<name>` a line, among n8n's log lines). */
export function parseWorkflowList(stdout: string): Map<string, string> {
	const workflows = new Map<string, string>();
	for (const line of stdout.split('\n')) {
		const match = /^([A-Za-z0-9]{1,36})\|(.*)$/.exec(line.trim());
		if (match) workflows.set(match[1], match[2]);
	}
	return workflows;
}

export function readImportRecords(file: string): ImportRecords {
	if (!existsSync(file)) return {};
	return JSON.parse(readFileSync(file, 'utf8')) as ImportRecords;
}

export function writeImportRecords(file: string, records: ImportRecords): void {
	writeFileSync(file, `${JSON.stringify(records, null, 2)}\n`);
}
