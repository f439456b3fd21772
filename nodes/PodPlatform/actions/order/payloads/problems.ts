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

	add(problem: Problem): void {
		this.list.push(problem);
	}

	/**
	 * Refuse the input when any check failed, with every problem (`rendered`). `parameterOf` gives
	 * the form parameters of a wire path, where the input is a form.
	 */
	throwIfAny(subject: Subject, showPaths: boolean, parameterOf?: (path: string) => string[]): void {
		if (!this.list.length) return;
		const list = this.list.map((problem) => {
			const paths = problem.paths ?? (problem.field ? [problem.field] : []);
			const parameters = parameterOf ? paths.flatMap(parameterOf) : [];
			return parameters.length ? { ...problem, parameters } : problem;
		});
		throw new ProblemsError(subject, list, showPaths);
	}
}
