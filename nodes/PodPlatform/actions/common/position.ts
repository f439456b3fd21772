/**
 * A motive's placement on a print area (contract, "Position"): `left`/`right`/`top`/`bottom` in
 * millimeters or as `N%` of the area, `horizontalCenter`/`verticalCenter` as 0 in JSON payloads.
 * Every value is optional, as the contract makes each pair optional: one side places the element,
 * both sides also size it, centering centers it, and no value at all leaves it on the area's
 * hotspot. Refused are only what the contract cannot mean: a value that is neither a number nor a
 * percentage, and all three values of one axis at once (both sides and centering). The rule is
 * worded once, in `PLACEMENT_RULE` (the forms' hint, the README and every refusal's fix), its
 * refusal once, in `overfilledWords`, and it is checked once, by `overfilledAxis`, for JSON, the
 * forms and the CSV file alike.
 */

import { isPlainObject, isBlank } from '../../../shared/values';
import type { PlainObject } from '../../../shared/values';
import { InputError } from '../../../shared/errors';

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
		`${label} must be a number of millimeters or a percentage such as "40%", got ${JSON.stringify(value)}`,
		'Enter millimeters as a plain number (12.5) or a share of the print area as N% (40%).',
		path,
	);
}

/** A centering flag: JSON payloads carry 0 for "center"; false or empty means not centered. */
function centreValue(value: unknown, label: string, path: string): 0 | undefined {
	if (value === false || value === 'false') return undefined;
	if (value === true || value === 0 || value === '0' || value === 'true') return 0;
	throw new InputError(
		`${label} must be 0 or true to center, got ${JSON.stringify(value)}`,
		'Set the centering flag to 0 (or true), or leave it out.',
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
	checkPlacement(position, label, path);
	return Object.keys(position).length ? position : undefined;
}

/** A value of a placement: one of the four sides or one of the two centering flags. */
export type PlacementKey = (typeof POSITION_SIDES)[number] | (typeof POSITION_CENTRES)[number];

export interface PlacementAxis {
	name: 'horizontal' | 'vertical';
	/** The axis's three values: its two sides, then its centering flag. */
	keys: readonly [PlacementKey, PlacementKey, PlacementKey];
	/** The same values in the words of the forms. */
	words: readonly [string, string, string];
}

/** The two axes of a placement, in the words of the forms. */
export const PLACEMENT_AXES: readonly PlacementAxis[] = [
	{
		name: 'horizontal',
		keys: ['left', 'right', 'horizontalCenter'],
		words: ['Left', 'Right', 'Center Horizontally'],
	},
	{
		name: 'vertical',
		keys: ['top', 'bottom', 'verticalCenter'],
		words: ['Top', 'Bottom', 'Center Vertically'],
	},
];

/**
 * How a placement is filled, in the forms' words: the hint under the forms' placement fields,
 * the README (test/package/docs.test.ts holds it to this text) and the fix of every refusal.
 */
export const PLACEMENT_RULE =
	"Every value is optional. Left or Right places the element horizontally, both together also set its width, and Center Horizontally centers it; Top, Bottom and Center Vertically do the same vertically. Fill at most two of the three values of one direction; leave all empty to use the print area's default spot (its hotspot).";

/**
 * The axis whose three values are all set (both sides and centering), which no placement can
 * mean; undefined when every axis has at most two. `isSet` tells whether a value is given.
 */
export function overfilledAxis(isSet: (key: PlacementKey) => boolean): PlacementAxis | undefined {
	return PLACEMENT_AXES.find((axis) => axis.keys.every(isSet));
}

/**
 * The refusal of an overfilled axis, its three values named as the input names them (the forms'
 * words, or the CSV file's columns): "sets Left, Right and Center Horizontally together: keep at
 * most two of them".
 */
export function overfilledWords(names: readonly [string, string, string]): string {
	const [first, second, centre] = names;
	return `sets ${first}, ${second} and ${centre} together: keep at most two of them`;
}

/** Refuses a placement that fills all three values of one axis, naming them; any other passes. */
function checkPlacement(position: PlainObject, label: string, path: string): void {
	const axis = overfilledAxis((key) => position[key] !== undefined);
	if (!axis) return;
	throw new InputError(
		`${label} ${overfilledWords(axis.words)}`,
		PLACEMENT_RULE,
		`${path}.${axis.keys[2]}`,
	);
}
