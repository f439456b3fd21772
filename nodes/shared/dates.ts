/**
 * Dates for the service's filters: any date a workflow produces parsed in a zone and written in the
 * filter form, and the zone read from a timestamp the service wrote.
 */

import { DateTime } from 'luxon';

/**
 * Dates in the form the service reads in filters (contract, Filters rule 4): `yyyy/MM/dd HH:mm:ss`,
 * 24-hour, not the ISO 8601 form of its answers.
 */
export const FILTER_DATE_FORMAT = 'yyyy/MM/dd HH:mm:ss';

/** Below this a number is taken as epoch seconds (1e11 s is the year 5138; 1e11 ms is 1973). */
const EPOCH_SECONDS_BELOW = 1e11;

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/** Whether a timezone name (IANA, `UTC`, `UTC+2`) is one luxon understands. */
export function isValidZone(zone: string): boolean {
	return DateTime.now().setZone(zone).isValid;
}

/**
 * A Luxon DateTime from any copy of luxon: n8n expressions (`$now`, `DateTime.fromISO(...)`) hand
 * over instances of n8n's own luxon, which need not be this module's class.
 */
function isDateTimeLike(value: unknown): value is { toMillis(): number; isValid: boolean } {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof (value as { toMillis?: unknown }).toMillis === 'function' &&
		'isValid' in value
	);
}

/** Whether a value is a date by its type (a Date or a DateTime), whatever the user said. */
export function isDateObject(value: unknown): boolean {
	return value instanceof Date || isDateTimeLike(value);
}

function fromEpoch(epoch: number, zone: string): DateTime {
	const millis = Math.abs(epoch) < EPOCH_SECONDS_BELOW ? epoch * 1000 : epoch;
	return DateTime.fromMillis(millis, { zone });
}

/** Parse a date given in any of the forms a workflow produces, in the given zone. */
export function parseDate(value: unknown, zone = 'UTC'): DateTime | undefined {
	let parsed: DateTime | undefined;
	if (isDateTimeLike(value)) {
		parsed = value.isValid ? DateTime.fromMillis(value.toMillis(), { zone }) : undefined;
	} else if (value instanceof Date) {
		parsed = DateTime.fromJSDate(value, { zone });
	} else if (typeof value === 'number') {
		parsed = Number.isFinite(value) ? fromEpoch(value, zone) : undefined;
	} else if (typeof value === 'string') {
		const text = value.trim();
		if (!text) return undefined;
		if (NUMBER_TEXT.test(text)) {
			parsed = fromEpoch(Number(text), zone);
		} else {
			// An offset in the text wins; a text without one is a wall time in `zone`.
			const candidates = [
				() => DateTime.fromISO(text, { zone }),
				() => DateTime.fromFormat(text, FILTER_DATE_FORMAT, { zone }),
				() => DateTime.fromFormat(text, 'yyyy/MM/dd', { zone }),
				() => DateTime.fromFormat(text, 'yyyy/MM/dd HH:mm', { zone }),
				() => DateTime.fromSQL(text, { zone }),
				() => DateTime.fromRFC2822(text, { zone }),
				() => DateTime.fromHTTP(text, { zone }),
			];
			for (const attempt of candidates) {
				const candidate = attempt();
				if (candidate.isValid) {
					parsed = candidate;
					break;
				}
			}
		}
	}
	return parsed?.isValid ? parsed.setZone(zone) : undefined;
}

/**
 * Any zone other than UTC, to tell whether a text names its own zone: read in both, a text with a
 * zone or offset gives the same instant, a wall time does not.
 */
const SECOND_READING_ZONE = 'UTC+7';

/**
 * Whether a date value names an instant by itself: a Date, a Luxon DateTime, an epoch timestamp,
 * or text with a zone or offset (`Z`, `+01:00`, `GMT`). Text without one ("2026/11/23 10:00:00")
 * is a wall time: which instant it is depends on the zone it is read in.
 */
export function carriesZone(value: unknown): boolean {
	const inUtc = parseDate(value, 'UTC');
	const elsewhere = parseDate(value, SECOND_READING_ZONE);
	return (
		inUtc !== undefined && elsewhere !== undefined && inUtc.toMillis() === elsewhere.toMillis()
	);
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * The fixed zone of an ISO 8601 timestamp with an offset, as luxon names it (`UTC+1`, `UTC+5:30`,
 * `UTC` for `Z`); undefined for anything else. One timestamp only tells the offset in force at
 * that instant, not the rules (daylight saving) of the zone it came from.
 */
export function zoneOfTimestamp(value: unknown): string | undefined {
	if (typeof value !== 'string' || !ISO_DATE_TIME.test(value.trim()) || !carriesZone(value)) {
		return undefined;
	}
	const stamped = DateTime.fromISO(value.trim(), { setZone: true });
	return stamped.isValid ? stamped.zone.name : undefined;
}

/**
 * The filter form of a date (ISO string, Luxon DateTime, JS Date, epoch milliseconds or seconds,
 * or a value already in the filter form), as wall time in `zone`; undefined when it is no date.
 */
export function toFilterDate(value: unknown, zone = 'UTC'): string | undefined {
	return parseDate(value, zone)?.toFormat(FILTER_DATE_FORMAT);
}
