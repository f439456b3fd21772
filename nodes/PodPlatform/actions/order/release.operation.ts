/**
 * Order → Release: a held draft order (an incremental order not yet committed and sent) goes to
 * production in one step, Commit with the payment status given and then Send to Production. The
 * order is read first: one already in production is answered as released (a second Release, or
 * one after another run released it), one discarded or cancelled is refused, and nothing is sent
 * for either. Each of the two calls meets a lost answer's repeat as Commit and Send to Production
 * do (stateChange.ts).
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { recordOf } from '../../../shared/codec';
import type { OperationDefinition } from '../types';
import type { RunScope } from '../runScope';
import { isCancelling, orderOf } from './common';
import { commitChange, refusePaidFromTool } from './commit.operation';
import { financialStatusField, orderIdField } from './fields';
import { handOff } from './sendToProduction.operation';
import { changeOrderState, stateText } from './stateChange';

export const releaseOperation: OperationDefinition = {
	option: {
		name: 'Release',
		value: 'release',
		action: 'Release a held order to production',
		description:
			'Commit a held draft order with its payment status and send it to production, in one step; an order already in production is answered as released',
	},
	forModel:
		'Hand a held print order over to production, as Pending: it waits for the merchant to pay it (a tool may not release as Paid). Releasing an order already in production answers that it was (alreadyDone); a discarded one is refused.',
	fields: [
		orderIdField,
		financialStatusField(
			'PAID',
			'The payment status the order is released with. PAID starts production and charges you; PENDING hands it over to wait for payment.',
		),
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const financialStatus = run.parameter('financialStatus', itemIndex, 'PAID') as string;
		refusePaidFromTool(this, financialStatus, 'releases');
		const order = await orderOf(run, itemIndex);
		const orderId = order.id;
		const record = recordOf(
			await run.service.request({ method: 'GET', path: order.path, itemIndex }),
		);
		if (isCancelling(record)) {
			throw new NodeOperationError(
				this.getNode(),
				`Order ${orderId} was not released: it is ${stateText(record)}`,
				{
					description:
						'A discarded or cancelled order cannot go to production. If the customer still wants it, submit the order again (a new Unique ID if the old one is to stay cancelled).',
					itemIndex,
				},
			);
		}
		// In production already: released before, by this or another run.
		if (handOff.reached(record)) {
			return [
				{
					json: {
						orderId,
						released: true,
						alreadyDone: true,
						financialStatus: record.financialStatus ?? null,
						fulfilmentStatus: record.fulfilmentStatus ?? null,
					},
				},
			];
		}
		const committed = await changeOrderState(
			run,
			order,
			{ method: 'PUT', path: `${order.path}/commitOrder`, qs: { financialStatus }, itemIndex },
			commitChange(financialStatus),
		);
		const sent = await changeOrderState(
			run,
			order,
			{ method: 'PUT', path: `${order.path}/sendToProduction`, itemIndex },
			handOff,
		);
		return [
			{
				json: {
					orderId,
					released: true,
					alreadyDone: committed.alreadyDone && sent.alreadyDone,
					financialStatus,
				},
			},
		];
	},
};
