/**
 * The service writes and reads dates in its own zone: its answers carry timestamps such as
 * `2026-11-23T10:00:00+01:00`, and a filter date (`yyyy/MM/dd HH:mm:ss`, no zone) is a wall time
 * in that zone. To write an instant there, the node learns the zone from a timestamp the service
 * wrote: the first record of a list. One timestamp gives a fixed UTC offset (the one in force
 * when that record was made), not the zone's daylight-saving rules; a user whose service zone
 * has them sets Date Timezone to its IANA name instead.
 */

import { NodeApiError } from 'n8n-workflow';

import type { PlainObject } from '../../../shared/values';
import { pageOf, recordOf } from '../../../shared/codec';
import { zoneOfTimestamp } from '../../../shared/dates';
import { InputError } from '../../../shared/errors';
import type { ServiceClient } from '../../../shared/transport';

/** What the first record of a list tells about the zone. */
type Reading = { zone: string } | { empty: true } | { noTimestamp: true };

/** What a run learned of the zone (held in the run's scope, so it never outlives the run). */
export interface ZoneMemory {
	/** The zone once any list of this run told it: the service has one zone. */
	learned?: string;
	/** One read per list path in this run, shared by items that run at the same time. */
	readings: Map<string, Promise<Reading>>;
}

/** What learning the zone needs of a run (its RunScope has both): the service and the memory. */
export interface ZoneRun {
	readonly service: ServiceClient;
	readonly zone: ZoneMemory;
}

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

async function readZone(run: ZoneRun, itemIndex: number, path: string): Promise<Reading> {
	let answer;
	try {
		answer = await run.service.request({
			method: 'GET',
			path,
			qs: { page: 0, size: 1 },
			itemIndex,
		});
	} catch (error) {
		throw asZoneReadFailure(error);
	}
	const [first] = pageOf(recordOf(answer)).items;
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
export async function serviceZone(run: ZoneRun, itemIndex: number, path: string): Promise<string> {
	const memory = run.zone;
	if (memory.learned) return memory.learned;
	let reading = memory.readings.get(path);
	if (!reading) {
		reading = readZone(run, itemIndex, path);
		memory.readings.set(path, reading);
		// A failed read is not kept: a later item tries again.
		reading.catch(() => memory.readings.delete(path));
	}
	const outcome = await reading;
	if ('zone' in outcome) {
		memory.learned = outcome.zone;
		return outcome.zone;
	}
	if ('empty' in outcome) return 'UTC';
	throw new InputError(
		"The service's timezone could not be learned for the dates in the filter",
		'The records the node read to learn it carry no timestamp with a UTC offset. Set Date Timezone to the timezone of the service, for example Europe/Berlin.',
		'Date Timezone',
	);
}
