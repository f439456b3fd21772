/**
 * Every problem of one input at once: the order checks run one by one, each problem is kept with
 * where it is (in the form's words, "Design 1 › Print 2") and its fix, and the whole list becomes
 * one InputError, so a user fixes everything in one pass instead of one problem per run.
 */

import { InputError } from '../errors';

export interface Problem {
	/** Where the problem is, as the form names it ("Design 1 › Print 2"); none for the whole input. */
	where?: string;
	message: string;
	fix: string;
	/** The path in the wire payload, shown only where the user wrote that payload (JSON). */
	field?: string;
}

/** "Design 1 › Print 2": the steps of a place in the form, joined as the editor shows nesting. */
export function placeName(...steps: string[]): string {
	return steps.filter(Boolean).join(' › ');
}

export class Problems {
	readonly list: Problem[] = [];

	/** Run one check; a refusal it throws is kept as a problem at `where`, and nothing returned. */
	check<T>(where: string | undefined, check: () => T): T | undefined {
		let failure: unknown;
		try {
			return check();
		} catch (error) {
			failure = error;
		}
		// Only bad input is collected; anything else is a fault of its own and stops the run.
		if (!(failure instanceof InputError)) throw failure;
		this.add({ where, message: failure.message, fix: failure.description, field: failure.field });
		return undefined;
	}

	add(problem: Problem): void {
		this.list.push(problem);
	}

	/**
	 * Refuse the input when any check failed: one problem is the error itself; several are counted
	 * in the message and listed, each with its fix, in the description.
	 */
	throwIfAny(subject: string, showPaths: boolean): void {
		if (!this.list.length) return;
		const line = (problem: Problem) =>
			problem.where ? `${problem.where}: ${problem.message}` : problem.message;
		if (this.list.length === 1) {
			const [only] = this.list;
			throw new InputError(line(only), only.fix, showPaths ? only.field : undefined);
		}
		const lines = this.list.map((problem, i) => {
			const path = showPaths && problem.field ? ` (${problem.field})` : '';
			return `${i + 1}. ${line(problem)}${path}. ${problem.fix}`;
		});
		// "and 1 more" after a problem that ends in a list ("offers White, Black") would read as one
		// more entry of that list: the count names what it counts, and where the rest are.
		const others = this.list.length - 1;
		throw new InputError(
			`${subject} has ${this.list.length} problems: ${line(this.list[0])}; and ${others} more problem${others === 1 ? '' : 's'}, listed below`,
			lines.join('\n'),
		);
	}
}
