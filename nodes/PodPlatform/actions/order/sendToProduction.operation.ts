/**
 * Order → Send to Production: hands a committed order to production. For a paid order this is the
 * step that prints, ships and charges.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { orderOf } from './common';
import { orderIdField } from './fields';
import type { RunScope } from '../runScope';
import { changeOrderState, stateChangeOutput } from './stateChange';
import type { StateChange } from './stateChange';

/**
 * Send to Production as a state change: the order handed off. Every fulfilment status comes after
 * the hand-off (production starts for a handed-off order once it is paid), so an order with one has
 * been sent. An order sent but not paid shows none: its record cannot tell it from one not sent.
 */
export const handOff: StateChange = {
	reached: (record) =>
		typeof record.fulfilmentStatus === 'string' && record.fulfilmentStatus !== '',
	refusal: (orderId, state) => `Order ${orderId} was not sent to production: it is ${state}`,
	advice: () =>
		'An order goes to production once it is committed (Order → Commit) and holds at least one product (Order → Add Product); do those, then send it again. An order sent before but not Paid shows no production status until it is paid: if this one was sent, nothing more is needed.',
};

export const sendToProductionOperation: OperationDefinition = {
	option: {
		name: 'Send to Production',
		value: 'sendToProduction',
		action: 'Send an order to production',
		description:
			'Hand a committed order to production: a paid order is printed, shipped and charged',
	},
	fields: [orderIdField],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const order = await orderOf(run, itemIndex);
		const outcome = await changeOrderState(
			run,
			order,
			{ method: 'PUT', path: `${order.path}/sendToProduction`, itemIndex },
			handOff,
		);
		const orderId = order.id;
		return [{ json: stateChangeOutput({ orderId, sentToProduction: true }, outcome) }];
	},
};
