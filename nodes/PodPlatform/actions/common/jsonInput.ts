/** JSON a user writes into a field, parsed or refused in the field's words. */

import { jsonParse } from 'n8n-workflow';

import { InputError } from '../../../shared/errors';

/** JSON text a user gave in the field `label`, parsed; refused with the parser's words otherwise. */
export function parseJsonInput(text: string, label: string): unknown {
	let problem: string;
	try {
		return jsonParse(text);
	} catch (error) {
		problem = (error as Error).message;
	}
	throw new InputError(`${label} is not valid JSON`, problem);
}
