/**
 * Order → Commit: finishes a draft order and stamps its payment status. Committing does not start
 * production; Send to Production does.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { InputError } from '../../../shared/errors';
import { isToolNode } from '../../../shared/toolArguments';
import { orderOf } from './common';
import { financialStatusField, orderIdField } from './fields';
import type { RunScope } from '../runScope';

export const commitOperation: OperationDefinition = {
	option: {
		name: 'Commit',
		value: 'commit',
		action: 'Commit a draft order and set its payment status',
		description:
			'Finish a draft order and stamp its financial status; production starts only with Send to Production',
	},
	forModel:
		'Set the payment status of a draft print order. Paid starts production and is charged; a tool commits only as Pending.',
	fields: [
		orderIdField,
		financialStatusField(
			'PENDING',
			'The payment status stamped on the order. PAID means production starts (and you are charged) once the order is sent to production.',
		),
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const financialStatus = run.parameter('financialStatus', itemIndex, 'PENDING') as string;
		if (financialStatus === 'PAID' && isToolNode(this.getNode())) {
			// Paid starts production and charges the merchant: not a model's call (see Submit).
			throw new InputError(
				'Financial Status Paid is not allowed when an AI tool commits an order',
				'Commit it as Pending: nothing is produced or charged until the merchant pays it.',
				'financialStatus',
			);
		}
		const order = await orderOf(run, itemIndex);
		await run.service.request({
			method: 'PUT',
			path: `${order.path}/commitOrder`,
			qs: { financialStatus },
			itemIndex,
		});
		const orderId = order.id;
		return [{ json: { orderId, committed: true, financialStatus } }];
	},
};
