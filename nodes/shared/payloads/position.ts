/**
 * A motive's placement on a print area (contract, "Position"): `left`/`right`/`top`/`bottom` in
 * millimetres or as `N%` of the area, `horizontalCenter`/`verticalCenter` as 0 in JSON payloads.
 */

import { isPlainObject } from '../codec';
import type { PlainObject } from '../codec';
import { InputError } from '../errors';
import { isBlank } from '../values';

export const POSITION_SIDES = ['left', 'right', 'top', 'bottom'] as const;
export const POSITION_CENTRES = ['horizontalCenter', 'verticalCenter'] as const;

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;
const PERCENT_TEXT = /^-?\d+(\.\d+)?%$/;

/** One side: a number stays a number, `"12.5"` becomes 12.5, `"40%"` stays text. */
export function positionValue(value: unknown, label: string, path: string): number | string {
	if (typeof value === 'number' && Number.isFinite(value)) return value;
	const text = typeof value === 'string' ? value.trim().replace(/\s+%$/, '%') : '';
	if (NUMBER_TEXT.test(text)) return Number(text);
	if (PERCENT_TEXT.test(text)) return text;
	throw new InputError(
		`${label} must be a number of millimetres or a percentage such as "40%", got ${JSON.stringify(value)}`,
		'Enter millimetres as a plain number (12.5) or a share of the print area as N% (40%).',
		path,
	);
}

/** A centring flag: JSON payloads carry 0 for "centre"; false or empty means not centred. */
function centreValue(value: unknown, label: string, path: string): 0 | undefined {
	if (value === false || value === 'false') return undefined;
	if (value === true || value === 0 || value === '0' || value === 'true') return 0;
	throw new InputError(
		`${label} must be 0 or true to centre, got ${JSON.stringify(value)}`,
		'Set the centring flag to 0 (or true), or leave it out.',
		path,
	);
}

/** A position object checked and in wire form; undefined when nothing is set. */
export function normalisePosition(
	value: unknown,
	label: string,
	path: string,
): PlainObject | undefined {
	if (isBlank(value)) return undefined;
	if (!isPlainObject(value)) {
		throw new InputError(
			`${label} must be an object with left, right, top, bottom`,
			'Give the position as {"left": 10, "right": 10, "top": "5%"}.',
			path,
		);
	}
	const position: PlainObject = {};
	for (const [key, raw] of Object.entries(value)) {
		if (isBlank(raw)) continue;
		if ((POSITION_SIDES as readonly string[]).includes(key)) {
			position[key] = positionValue(raw, `${label} ${key}`, `${path}.${key}`);
		} else if ((POSITION_CENTRES as readonly string[]).includes(key)) {
			const centre = centreValue(raw, `${label} ${key}`, `${path}.${key}`);
			if (centre !== undefined) position[key] = centre;
		} else {
			throw new InputError(
				`${label} has an unknown field "${key}"`,
				`A position knows ${[...POSITION_SIDES, ...POSITION_CENTRES].join(', ')}.`,
				`${path}.${key}`,
			);
		}
	}
	return Object.keys(position).length ? position : undefined;
}
