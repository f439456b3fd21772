/**
 * A motive's placement on a print area (contract, "Position"): `left`/`right`/`top`/`bottom` in
 * millimeters or as `N%` of the area, `horizontalCenter`/`verticalCenter` as 0 in JSON payloads.
 * A placement names both axes: a horizontal value (Left, Right, both for the width, or Center
 * Horizontally) and a vertical one (Top, Bottom, both for the height, or Center Vertically).
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
	if (Object.keys(position).length) checkAxes(position, label, path);
	return Object.keys(position).length ? position : undefined;
}

/** The two axes of a placement, in the words of the form. */
const AXES = [
	{
		sides: ['left', 'right'],
		centre: 'horizontalCenter',
		words: ['Left', 'Right', 'Center Horizontally'],
		name: 'horizontal',
	},
	{
		sides: ['top', 'bottom'],
		centre: 'verticalCenter',
		words: ['Top', 'Bottom', 'Center Vertically'],
		name: 'vertical',
	},
] as const;

/** How the form says which values to fill; the field descriptions and every refusal use it. */
export const PLACEMENT_RULE =
	"Fill one horizontal value (Left or Right, both to set the width, or Center Horizontally) and one vertical value (Top or Bottom, both to set the height, or Center Vertically); leave all empty to use the print area's default spot.";

/**
 * A placement that names only one axis leaves the other to chance, and one side together with
 * centering on the same axis contradicts itself: both are refused before sending.
 */
function checkAxes(position: PlainObject, label: string, path: string): void {
	for (const axis of AXES) {
		const sides = axis.sides.filter((side) => position[side] !== undefined);
		const centred = position[axis.centre] !== undefined;
		const [sideWord, otherWord, centreWord] = axis.words;
		if (!sides.length && !centred) {
			throw new InputError(
				`${label} has no ${axis.name} value: fill ${sideWord}, ${otherWord} or ${centreWord}`,
				PLACEMENT_RULE,
				path,
			);
		}
		if (sides.length === 1 && centred) {
			const side = sides[0] === axis.sides[0] ? sideWord : otherWord;
			throw new InputError(
				`${label} sets both ${side} and ${centreWord}, which contradict each other: keep one`,
				PLACEMENT_RULE,
				path,
			);
		}
	}
}
