/**
 * The simplified records of the shop's integration settings: CSV imports and their lines, and
 * webhook subscriptions (whose secret the node never shows, simplified or not).
 */

import type { IDataObject } from 'n8n-workflow';

import type { PlainObject } from '../../../../shared/values';
import { readable } from '../../../../shared/simplify/records';

/** A CSV import: whether it is done and how it went first. */
export function simplifyCsvImport(record: PlainObject): IDataObject {
	return readable(record, {
		id: record.id,
		fileName: record.fileName,
		processed: record.processed,
		linesTotal: record.linesTotal,
		linesFailed: record.linesFailed,
		error: record.error,
		errorMessage: record.errorMessage,
	});
}

/** One line's result of a CSV import. */
export function simplifyCsvImportLine(record: PlainObject): IDataObject {
	return readable(record, {
		lineNumber: record.lineNumber,
		ok: record.ok,
		orderId: record.orderId,
		errorMessage: record.errorMessage,
	});
}

/** A webhook subscription. */
export function simplifyWebhook(record: PlainObject): IDataObject {
	return readable(record, {
		id: record.id,
		topic: record.topic,
		address: record.address,
		mediaType: record.mediaType,
	});
}

/** A record with nothing to reorder (a custom attribute, say): the service's fields without noise. */
export function simplifyRecord(record: PlainObject): IDataObject {
	return readable(record, {});
}
