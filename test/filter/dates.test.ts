import { DateTime } from 'luxon';

import { FILTER_DATE_FORMAT, toFilterDate } from '../../nodes/shared/dates';

describe('filter dates (yyyy/MM/dd HH:mm:ss)', () => {
	test("the pattern is the contract's", () => {
		expect(FILTER_DATE_FORMAT).toBe('yyyy/MM/dd HH:mm:ss');
	});

	test('ISO text with an offset is converted to UTC wall time', () => {
		expect(toFilterDate('2024-05-01T14:30:15+02:00')).toBe('2024/05/01 12:30:15');
		expect(toFilterDate('2024-05-01T12:30:15.250Z')).toBe('2024/05/01 12:30:15');
	});

	test('ISO text without an offset is a wall time in the chosen zone', () => {
		expect(toFilterDate('2024-05-01')).toBe('2024/05/01 00:00:00');
		expect(toFilterDate('2024-05-01T08:00:00')).toBe('2024/05/01 08:00:00');
		expect(toFilterDate('2024-05-01T08:00:00', 'Europe/Berlin')).toBe('2024/05/01 08:00:00');
		// An instant is written as the wall time of the zone.
		expect(toFilterDate('2024-05-01T08:00:00Z', 'Europe/Berlin')).toBe('2024/05/01 10:00:00');
	});

	test('Luxon DateTime (as n8n expressions give) and JS Date', () => {
		const berlin = DateTime.fromISO('2024-12-24T18:00:00', { zone: 'Europe/Berlin' });
		expect(toFilterDate(berlin)).toBe('2024/12/24 17:00:00');
		expect(toFilterDate(new Date(Date.UTC(2023, 0, 2, 3, 4, 5)))).toBe('2023/01/02 03:04:05');
		expect(toFilterDate(DateTime.invalid('broken'))).toBeUndefined();
	});

	test('epoch milliseconds and seconds, as numbers or text', () => {
		const ms = Date.UTC(2024, 1, 29, 23, 59, 58);
		expect(toFilterDate(ms)).toBe('2024/02/29 23:59:58');
		expect(toFilterDate(ms / 1000)).toBe('2024/02/29 23:59:58');
		expect(toFilterDate(String(ms))).toBe('2024/02/29 23:59:58');
		expect(toFilterDate(String(ms / 1000))).toBe('2024/02/29 23:59:58');
	});

	test('the filter form itself, SQL and HTTP dates are read', () => {
		expect(toFilterDate('2024/05/01 07:08:09')).toBe('2024/05/01 07:08:09');
		expect(toFilterDate('2024/05/01')).toBe('2024/05/01 00:00:00');
		expect(toFilterDate('2024-05-01 07:08:09')).toBe('2024/05/01 07:08:09');
		expect(toFilterDate('Wed, 01 May 2024 07:08:09 GMT')).toBe('2024/05/01 07:08:09');
	});

	test('what is no date gives undefined', () => {
		for (const value of ['', 'soon', 'Hoodie', {}, [], null, undefined, Number.NaN, true]) {
			expect(toFilterDate(value)).toBeUndefined();
		}
	});
});
