import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { PlainObject } from '../../../shared/codec';
import { pageOf } from '../../../shared/codec';
import { zoneOfTimestamp } from '../../../shared/dates';
import { apiRequest } from '../../../shared/transport';

/**
 * The service writes and reads dates in its own zone: its answers carry timestamps such as
 * `2026-11-23T10:00:00+01:00`, and a filter date (`yyyy/MM/dd HH:mm:ss`, no zone) is a wall time
 * in that zone. To write an instant there, the node learns the zone from a timestamp the service
 * wrote: the first record of a list. One timestamp gives a fixed UTC offset (the one in force
 * when that record was made), not the zone's daylight-saving rules; a user whose service zone
 * has them sets Date Timezone to its IANA name instead.
 */

/** What the first record of a list tells about the zone. */
type Reading = { zone: string } | { empty: true } | { noTimestamp: true };

interface RunZone {
	/** The zone once any list of this run told it: the service has one zone. */
	learned?: string;
	/** One read per list path in this run, shared by items that run at the same time. */
	readings: Map<string, Promise<Reading>>;
}

/** Per run (the execution context), so nothing learned outlives the run. */
const runZones = new WeakMap<object, RunZone>();

/** The fields the service stamps, first; then any other timestamp of the record. */
function zoneOfRecord(record: PlainObject): string | undefined {
	for (const value of [record.created, record.createdDate, ...Object.values(record)]) {
		const zone = zoneOfTimestamp(value);
		if (zone) return zone;
	}
	return undefined;
}

/** A service error of the read, saying what the read was for; anything else as it is. */
function asZoneReadFailure(error: unknown): unknown {
	if (error instanceof NodeApiError) {
		error.message = `Reading the service's timezone for the dates in the filter failed: ${error.message}`;
	}
	return error;
}

async function readZone(ctx: IExecuteFunctions, itemIndex: number, path: string): Promise<Reading> {
	let answer;
	try {
		answer = await apiRequest(ctx, { method: 'GET', path, qs: { page: 0, size: 1 }, itemIndex });
	} catch (error) {
		throw asZoneReadFailure(error);
	}
	const [first] = pageOf(answer?.data ?? {}).items;
	if (!first) return { empty: true };
	const zone = zoneOfRecord(first);
	return zone ? { zone } : { noTimestamp: true };
}

/**
 * The service's zone for this item's filter dates, learned from the first record of the list at
 * `path` (`size=1`): at most one read per list in a run, none once a zone is known. An empty list
 * gives UTC: a filter on it matches nothing whatever the zone. A list whose records carry no
 * timestamp with an offset fails the item with the fix (set Date Timezone).
 */
export async function serviceZone(
	ctx: IExecuteFunctions,
	itemIndex: number,
	path: string,
): Promise<string> {
	let run = runZones.get(ctx);
	if (!run) {
		run = { readings: new Map() };
		runZones.set(ctx, run);
	}
	if (run.learned) return run.learned;
	let reading = run.readings.get(path);
	if (!reading) {
		reading = readZone(ctx, itemIndex, path);
		run.readings.set(path, reading);
		const readings = run.readings;
		reading.catch(() => readings.delete(path));
	}
	const outcome = await reading;
	if ('zone' in outcome) {
		run.learned = outcome.zone;
		return outcome.zone;
	}
	if ('empty' in outcome) return 'UTC';
	throw new NodeOperationError(
		ctx.getNode(),
		`Item ${itemIndex + 1}: the service's timezone could not be learned for the dates in the filter`,
		{
			itemIndex,
			description:
				'The records the node read to learn it carry no timestamp with a UTC offset. Set Date Timezone to the timezone of the service, for example Europe/Berlin.',
		},
	);
}
