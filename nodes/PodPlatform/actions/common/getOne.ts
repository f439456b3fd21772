/**
 * The Get operation of a resource: one record read by the path its ID field gives, shaped for
 * n8n, and simplified unless the merchant turns Simplify off. Beside getManyOperation (list.ts),
 * which reads many.
 */

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { recordOf, type Decoded } from '../../../shared/codec';
import { type PlainObject } from '../../../shared/values';
import { simplifyField } from './fields';
import type { OperationDefinition } from '../types';
import type { RunScope } from '../runScope';

export interface GetOneConfig {
	/** The fields that name the record (its ID, its shop); Simplify is added after them. */
	fields: INodeProperties[];
	/** The record's path, from those fields. */
	path: (run: RunScope, itemIndex: number) => Promise<string>;
	/** The record as the node outputs it, when that is more than the service's answer. */
	shape?: (
		context: IExecuteFunctions,
		answer: Decoded | undefined,
	) => Promise<IDataObject> | IDataObject;
	/**
	 * The record completed with what the service may keep elsewhere (a motive's technologies and
	 * tags behind their links), read by further requests; simplified or not, the output has it.
	 */
	complete?: (
		run: RunScope,
		record: PlainObject,
		path: string,
		itemIndex: number,
	) => Promise<PlainObject>;
	/** The record with Simplify on. */
	simplify: (record: PlainObject) => unknown;
	/** What a language model reads about it when the node is its tool (OperationDefinition). */
	forModel?: string;
}

export function getOneOperation(
	option: OperationDefinition['option'],
	config: GetOneConfig,
): OperationDefinition {
	return {
		option,
		forModel: config.forModel,
		fields: [...config.fields, simplifyField],
		async execute(
			this: IExecuteFunctions,
			itemIndex: number,
			run: RunScope,
		): Promise<INodeExecutionData[]> {
			const path = await config.path(run, itemIndex);
			const answer = await run.service.request({ method: 'GET', path, itemIndex });
			const shaped = config.shape ? await config.shape(this, answer) : recordOf(answer);
			const record = config.complete
				? await config.complete(run, shaped as PlainObject, path, itemIndex)
				: shaped;
			const simplify = run.parameter('simplify', itemIndex, true) as boolean;
			return [
				{ json: (simplify ? config.simplify(record as PlainObject) : record) as IDataObject },
			];
		},
	};
}
