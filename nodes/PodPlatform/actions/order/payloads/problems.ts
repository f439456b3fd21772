/**
 * Every problem of one input at once: the order checks run one by one, each problem is kept with
 * where it is (in the form's words, "Design 1 › Print 2") and its fix, and the whole list becomes
 * one InputError, so a user fixes everything in one pass instead of one problem per run. An AI
 * tool's model reads the same list with each place named by its argument ("Argument color").
 */

import { InputError } from '../../../../shared/errors';
import type { ArgumentNamer } from '../../../../shared/toolArguments';

export interface Problem {
	/** Where the problem is, as the form names it ("Design 1 › Print 2"); none for the whole input. */
	where?: string;
	message: string;
	fix: string;
	/** The path in the wire payload, shown only where the user wrote that payload (JSON). */
	field?: string;
	/** The wire path of each value at fault, where `field` names only the design they are part of. */
	paths?: string[];
	/**
	 * The form parameters the values at fault came from (`designs.design[0].assignedColorId`),
	 * where the form has them: a tool names the model's argument that fills one.
	 */
	parameters?: string[];
}

/**
 * A form field a value came from, by the value's key below the part of the order it is in: the
 * parameters (what a tool's argument fills), and whether the value's own keys are the form's
 * too (an address's street, a position's left).
 */
export interface FieldPlace {
	parameters: string[];
	below?: boolean;
}

/**
 * Where a part of an order stands: its wire path, and the form field of each of its values by
 * its key below that path (none where the user wrote the wire payload, or a store gave it).
 */
export interface Spot {
	path: string;
	fields?: Record<string, FieldPlace>;
}

/** The form parameters of the value at `path` within a spot; none where the form has no field. */
export function parametersAt(spot: Spot, path: string): string[] {
	const prefix = spot.path ? `${spot.path}.` : '';
	if (!spot.fields || !path.startsWith(prefix)) return [];
	const rest = path.slice(prefix.length);
	let found: [key: string, place: FieldPlace] | undefined;
	for (const [key, place] of Object.entries(spot.fields)) {
		const within = rest === key || rest.startsWith(`${key}.`) || rest.startsWith(`${key}[`);
		if (within && (!found || key.length > found[0].length)) found = [key, place];
	}
	if (!found) return [];
	const [key, place] = found;
	return place.below
		? place.parameters.map((p) => `${p}${rest.slice(key.length)}`)
		: place.parameters;
}

/** Where a problem is, as one reader names it; none for the whole input. */
type PlaceOf = (problem: Problem) => string | undefined;

/**
 * The error of a list of problems: one problem is the error itself; several are counted in the
 * message and listed, each with its fix, in the description.
 */
function rendered(
	subject: Subject,
	list: Problem[],
	showPaths: boolean,
	placeOf: PlaceOf,
): [message: string, description: string, field?: string] {
	const line = (problem: Problem) => {
		const place = placeOf(problem);
		return place ? `${place}: ${problem.message}` : problem.message;
	};
	if (list.length === 1) {
		const [only] = list;
		const place = placeOf(only);
		const message = !subject.named
			? line(only)
			: place
				? `${placeName(subject.text, place)}: ${only.message}`
				: `${subject.text}: ${only.message}`;
		return [message, only.fix, showPaths ? only.field : undefined];
	}
	const lines = list.map((problem, i) => {
		const path = showPaths && problem.field ? ` (${problem.field})` : '';
		return `${i + 1}. ${line(problem)}${path}. ${problem.fix}`;
	});
	// "and 1 more" after a problem that ends in a list ("offers White, Black") would read as one
	// more entry of that list: the count names what it counts, and where the rest are.
	const others = list.length - 1;
	return [
		`${subject.text} has ${list.length} problems: ${line(list[0])}; and ${others} more problem${others === 1 ? '' : 's'}, listed below`,
		lines.join('\n'),
	];
}

/**
 * What the problems are of: "The order", or the input as the user knows it ("Shopify order #1001
 * (shopify-450789469)"), which then heads every message in place of n8n's item number.
 */
export interface Subject {
	text: string;
	named: boolean;
}

/** An input's problems as one error, in the form's words or, for a tool's model, its arguments'. */
class ProblemsError extends InputError {
	constructor(
		private readonly subject: Subject,
		readonly list: Problem[],
		private readonly showPaths: boolean,
		placeOf: PlaceOf = (problem) => problem.where,
	) {
		super(...rendered(subject, list, showPaths, placeOf));
		this.namesItsInput = subject.named;
	}

	forModel(argumentOf: ArgumentNamer): InputError {
		return new ProblemsError(
			this.subject,
			this.list,
			this.showPaths,
			(problem) => (problem.parameters && argumentOf(problem.parameters)) ?? problem.where,
		);
	}
}

/**
 * The problems an input was refused for, each with its place and fix: a list of problems as kept,
 * or the one problem a single refusal is (Submit's Check Only reports them as output).
 */
export function problemsOf(error: InputError): Problem[] {
	if (error instanceof ProblemsError) return error.list;
	return [{ message: error.message, fix: error.description }];
}

/** "Design 1 › Print 2": the steps of a place in the form, joined as the editor shows nesting. */
export function placeName(...steps: string[]): string {
	return steps.filter(Boolean).join(' › ');
}

/**
 * Where a problem would be: its name, or a function that builds the name, called only when a
 * problem is kept there (a check that passes names nothing).
 */
export type Place = string | (() => string) | undefined;

/** The name of a place. */
export function placeText(where: Place): string | undefined {
	return typeof where === 'function' ? where() : where;
}

/** A place named by `name` when first asked, then by the same text. */
export function lazyPlace(name: () => string): () => string {
	let text: string | undefined;
	return () => (text ??= name());
}

export class Problems {
	readonly list: Problem[] = [];
	/** The parts of the order being checked, innermost last: what names a problem's parameters. */
	private readonly spots: Spot[] = [];

	/** Run the checks of one part of the order; a problem kept meanwhile is named by its spot. */
	within<T>(spot: Spot, check: () => T): T {
		this.spots.push(spot);
		try {
			return check();
		} finally {
			this.spots.pop();
		}
	}

	/** Run one check; a refusal it throws is kept as a problem at `where`, and nothing returned. */
	check<T>(where: Place, check: () => T): T | undefined {
		let failure: unknown;
		try {
			return check();
		} catch (error) {
			failure = error;
		}
		// Only bad input is collected; anything else is a fault of its own and stops the run.
		if (!(failure instanceof InputError)) throw failure;
		this.add({
			where: placeText(where),
			message: failure.message,
			fix: failure.description,
			field: failure.field,
			...(failure.paths ? { paths: failure.paths } : {}),
		});
		return undefined;
	}

	/** Keep a problem; its parameters, unless given, are the form fields its values came from. */
	add(problem: Problem): void {
		const spot = this.spots[this.spots.length - 1];
		const paths = problem.paths ?? (problem.field ? [problem.field] : []);
		const parameters =
			problem.parameters ?? (spot ? paths.flatMap((path) => parametersAt(spot, path)) : []);
		this.list.push(parameters.length ? { ...problem, parameters } : problem);
	}

	/** Refuse the input when any check failed, with every problem (`rendered`). */
	throwIfAny(subject: Subject, showPaths: boolean): void {
		if (this.list.length) throw new ProblemsError(subject, this.list, showPaths);
	}
}
