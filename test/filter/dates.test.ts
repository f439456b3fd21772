import { DateTime } from 'luxon';

import {
	FILTER_DATE_FORMAT,
	carriesZone,
	toFilterDate,
	zoneOfTimestamp,
} from '../../nodes/shared/dates';
import { hasZonedDates } from '../../nodes/shared/payloads/filter';
import { withListDefaultCondition } from '../../nodes/shared/payloads/listDefault';

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

	test('a date with a zone or offset names an instant; one without is a wall time', () => {
		for (const value of [
			'2026-11-23T10:00:00Z',
			'2026-11-23T10:00:00+01:00',
			'Mon, 23 Nov 2026 10:00:00 GMT',
			DateTime.now(),
			new Date(),
			1795428000000,
			'1795428000',
		]) {
			expect([value, carriesZone(value)]).toEqual([value, true]);
		}
		for (const value of ['2026/11/23 10:00:00', '2026-11-23T10:00:00', '2026-11-23', 'soon']) {
			expect([value, carriesZone(value)]).toEqual([value, false]);
		}
	});

	test('the zone of a service timestamp is its fixed offset', () => {
		expect(zoneOfTimestamp('2026-11-23T10:00:00+01:00')).toBe('UTC+1');
		expect(zoneOfTimestamp('2026-11-23T10:00:00+05:30')).toBe('UTC+5:30');
		expect(zoneOfTimestamp('2026-11-23T10:00:00Z')).toBe('UTC');
		for (const value of ['2026-11-23T10:00:00', '2026/11/23 10:00:00', 1795428000000, null]) {
			expect(zoneOfTimestamp(value)).toBeUndefined();
		}
		// A fixed offset learned from a timestamp: the instant is written at that offset.
		expect(toFilterDate('2026-11-23T09:00:00Z', 'UTC+1')).toBe('2026/11/23 10:00:00');
	});

	test('daylight saving: an IANA zone writes each instant with the offset in force then', () => {
		expect(toFilterDate('2026-07-01T10:00:00Z', 'Europe/Berlin')).toBe('2026/07/01 12:00:00');
		expect(toFilterDate('2026-11-23T10:00:00Z', 'Europe/Berlin')).toBe('2026/11/23 11:00:00');
		// Around the October change each instant takes the offset then in force (+02:00, then
		// +01:00): an hour apart, the same wall time, as the service's own clock repeats that hour.
		expect(toFilterDate('2026-10-25T00:30:00Z', 'Europe/Berlin')).toBe('2026/10/25 02:30:00');
		expect(toFilterDate('2026-10-25T01:30:00Z', 'Europe/Berlin')).toBe('2026/10/25 02:30:00');
		// A fixed offset stays fixed, in summer too.
		expect(toFilterDate('2026-07-01T10:00:00Z', 'UTC+1')).toBe('2026/07/01 11:00:00');
	});

	test('only a date that names an instant needs the service zone', () => {
		const date = (value: unknown) => ({
			conditions: [{ property: 'created', operator: 'gte', value, valueIsDate: true }],
		});
		const orders = 'productionOrderFilter';
		expect(hasZonedDates(orders, date('2026-11-23T10:00:00Z'))).toBe(true);
		expect(hasZonedDates(orders, date(DateTime.now()))).toBe(true);
		expect(hasZonedDates(orders, date('2026/11/23 10:00:00'))).toBe(false);
		// A date property of the filter type is a date without being marked.
		expect(
			hasZonedDates(orders, { conditions: [{ property: 'created', value: '2026-11-23T10:00Z' }] }),
		).toBe(true);
		// Not a date property and not marked as a date: sent as it is.
		expect(
			hasZonedDates(orders, {
				conditions: [{ property: 'uniqueId', value: '2026-11-23T10:00:00Z' }],
			}),
		).toBe(false);
		expect(
			hasZonedDates(orders, {
				anyOf: [
					{
						conditions: [
							{
								conditionType: 'between',
								property: 'created',
								minValue: '2026/11/01 00:00:00',
								maxValue: '2026-11-23T10:00:00+01:00',
								valueIsDate: true,
							},
						],
					},
				],
			}),
		).toBe(true);
	});
});

describe('the default a motive Get Many keeps (deleted = false)', () => {
	const notDeleted = { property: 'deleted', op: '=', value: 'false' };
	const byName = { property: 'name', op: '=', value: 'Sunset' };

	test('is added to a motive filter, next to its own conditions', () => {
		expect(withListDefaultCondition({ motiveFilter: { expressionSimple: byName } })).toEqual({
			motiveFilter: { expressionSimple: [byName, notDeleted] },
		});
		expect(
			withListDefaultCondition({ motiveFilter: { order: { property: 'id', direction: 'asc' } } }),
		).toEqual({
			motiveFilter: { order: { property: 'id', direction: 'asc' }, expressionSimple: notDeleted },
		});
	});

	test('is left out when the filter tests deleted itself, anywhere in its expressions', () => {
		const own = [
			{ motiveFilter: { expressionSimple: { property: 'deleted', op: '=', value: 'true' } } },
			{ motiveFilter: { expressionIsNull: { property: 'deleted' } } },
			{
				motiveFilter: {
					expressionDisjunction: {
						expressionConjuction: { expressionSimple: [byName, { ...notDeleted, value: 'true' }] },
					},
				},
			},
			{ motiveFilter: { expressions: [{ expressionSimple: { ...notDeleted, value: 'true' } }] } },
		];
		for (const body of own) expect(withListDefaultCondition(body)).toBe(body);
	});

	test('a sub-entity filter on deleted is about the joined records; other filter types get nothing', () => {
		const tagDeleted = { tagFilter: { expressionSimple: { ...notDeleted, value: 'true' } } };
		expect(withListDefaultCondition({ motiveFilter: tagDeleted })).toEqual({
			motiveFilter: { ...tagDeleted, expressionSimple: notDeleted },
		});
		const products = { productFilter: { expressionSimple: byName } };
		expect(withListDefaultCondition(products)).toBe(products);
	});
});
