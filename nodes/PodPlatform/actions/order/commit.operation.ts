/**
 * Order → Commit: finishes a draft order and stamps its payment status. Committing does not start
 * production; Send to Production does.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { idParameter } from '../common/scope';
import type { OperationDefinition } from '../types';
import { orderPath } from './common';
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
		const financialStatus = this.getNodeParameter(
			'financialStatus',
			itemIndex,
			'PENDING',
		) as string;
		await run.service.request({
			method: 'PUT',
			path: `${await orderPath(this, run, itemIndex)}/commitOrder`,
			qs: { financialStatus },
			itemIndex,
		});
		const orderId = Number(idParameter(this, 'orderId', 'Order ID', itemIndex));
		return [{ json: { orderId, committed: true, financialStatus } }];
	},
};
