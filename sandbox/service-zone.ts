/**
 * The zone the sandbox writes and reads its dates in. The contract shows `created` as ISO 8601
 * with a zone offset and filter dates as `yyyy/MM/dd HH:mm:ss` without one, so both are in the
 * service's own zone. The sandbox picks a fixed UTC+01:00 (no daylight saving), so that a client
 * writing UTC wall time is visibly an hour off and every run behaves the same whatever the date.
 */

export const SERVICE_UTC_OFFSET_MINUTES = 60;

const MINUTE_MS = 60_000;

function offsetText(minutes: number): string {
	const sign = minutes < 0 ? '-' : '+';
	const absolute = Math.abs(minutes);
	const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
	return `${sign}${hours}:${String(absolute % 60).padStart(2, '0')}`;
}

/** An instant as the service writes it: ISO 8601 to the second, with the service's offset. */
export function serviceTimestamp(epochMs: number): string {
	const wall = new Date(epochMs + SERVICE_UTC_OFFSET_MINUTES * MINUTE_MS).toISOString();
	return wall.replace(/\.\d{3}Z$/, offsetText(SERVICE_UTC_OFFSET_MINUTES));
}

/** The instant a wall time in the service's zone stands for (month 1-12). */
export function serviceWallTimeToEpochMs(
	year: number,
	month: number,
	day: number,
	hour: number,
	minute: number,
	second: number,
): number {
	return (
		Date.UTC(year, month - 1, day, hour, minute, second) - SERVICE_UTC_OFFSET_MINUTES * MINUTE_MS
	);
}
