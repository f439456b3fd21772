/**
 * Order → Discard: throws away a held draft order (an incremental order not sent to production),
 * by the cancellation the field notes record integrators using on uncommitted orders
 * (`DELETE .../cancelOrder`). The order is read first: one discarded or cancelled already is
 * answered as discarded, one in production is refused with the way to stop it (Order → Cancel),
 * and nothing is sent for either.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { recordOf } from '../../../shared/codec';
import type { OperationDefinition } from '../types';
import type { RunScope } from '../runScope';
import { CANCELLATION, isCancelling, orderOf } from './common';
import { orderIdField } from './fields';
import { handOff } from './sendToProduction.operation';
import { changeOrderState, stateText } from './stateChange';

export const discardOperation: OperationDefinition = {
	option: {
		name: 'Discard',
		value: 'discard',
		action: 'Discard a held order',
		description:
			'Throw away a held draft order that was never sent to production; one discarded already is answered as discarded',
	},
	forModel:
		'Throw away a held print order that was never sent to production. Discarding one discarded already answers that it was (alreadyDone); an order in production is refused (production cancels it, not this).',
	fields: [orderIdField],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const order = await orderOf(run, itemIndex);
		const orderId = order.id;
		const record = recordOf(
			await run.service.request({ method: 'GET', path: order.path, itemIndex }),
		);
		if (isCancelling(record)) {
			return [
				{
					json: {
						orderId,
						discarded: true,
						alreadyDone: true,
						fulfilmentStatus: record.fulfilmentStatus ?? null,
					},
				},
			];
		}
		if (handOff.reached(record)) {
			throw new NodeOperationError(
				this.getNode(),
				`Order ${orderId} was not discarded: it is in production (${stateText(record)})`,
				{
					description:
						'Discard throws away a held order before it goes to production. To stop an order in production, use Order → Cancel: production confirms the cancellation.',
					itemIndex,
				},
			);
		}
		const outcome = await changeOrderState(
			run,
			order,
			{ method: 'DELETE', path: `${order.path}/cancelOrder`, itemIndex },
			CANCELLATION,
		);
		return [{ json: { orderId, discarded: true, alreadyDone: outcome.alreadyDone } }];
	},
};
