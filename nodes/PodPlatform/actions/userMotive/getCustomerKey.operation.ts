/**
 * User Motive → Get Customer Key: a new key for a customer's permanent motive library, to be stored
 * and entered in a credential. It needs no shop.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import type { RunScope } from '../runScope';

/**
 * A new customer key from the public Nonce resource (field notes: `GET /public/nonce/uuid`
 * answers `{"string":{"value":"<uuid>"}}`). The path needs no session; the transport sends one
 * anyway, which the public path ignores.
 */
export const getCustomerKeyOperation: OperationDefinition = {
	option: {
		name: 'Get Customer Key',
		value: 'getCustomerKey',
		action: 'Get a new customer key',
		description:
			'Get a new key for a customer’s permanent motive library; store it and enter it in a credential',
	},
	fields: [],
	needsShop: false,
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const answer = await run.service.request({
			method: 'GET',
			path: '/public/nonce/uuid',
			itemIndex,
		});
		const value = answer?.data.value;
		if (typeof value !== 'string' || value.trim() === '') {
			throw new NodeApiError(
				this.getNode(),
				{ message: 'No customer key in the answer' },
				{
					message: 'The service answered without a customer key',
					description:
						'The Nonce resource should answer {"string":{"value":"<uuid>"}}. Try again later.',
					itemIndex,
				},
			);
		}
		return [{ json: { customerKey: value.trim() } }];
	},
};
