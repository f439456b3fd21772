/**
 * Order → Get Session Order: reads the basket the Creator widget fills, either for a page session a
 * Get Snippet returned or for the credential's own session.
 */

import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { InputError } from '../../../shared/errors';
import { pageSessionRefusal } from '../creator/pageSession';
import { isSessionToken } from '../creator/snippetQuery';
import { itemShopPath } from '../common/scope';
import type { OperationDefinition } from '../types';
import { asItem } from './common';
import type { RunScope } from '../runScope';

export const getSessionOrderOperation: OperationDefinition = {
	option: {
		name: 'Get Session Order',
		value: 'getSessionOrder',
		action: 'Get the session order',
		description: 'Get the order the Creator widget fills for a session',
	},
	fields: [
		{
			displayName: 'Order Session ID',
			name: 'orderSessionId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 0b6f5c1e-2d3a-4b5c-8d7e-9f0a1b2c3d4e',
			description:
				"The Order Session ID a Creator → Get Snippet returned, to read that page's basket. Leave empty for the session order of the credential's own session.",
		},
	],
	async execute(
		this: IExecuteFunctions,
		itemIndex: number,
		run: RunScope,
	): Promise<INodeExecutionData[]> {
		const orderSessionId = String(run.parameter('orderSessionId', itemIndex, '') ?? '').trim();
		if (orderSessionId && !isSessionToken(orderSessionId)) {
			throw new InputError(
				`Order Session ID must be a session UUID, got "${orderSessionId}"`,
				'Enter the Order Session ID that Creator → Get Snippet returned, or leave it empty.',
			);
		}
		const path = `${await itemShopPath(run, itemIndex)}/orders/session`;
		const answer = await run.service
			.request({
				method: 'GET',
				path,
				// The page session is the session the order belongs to (a bare UUID, field notes).
				sessionToken: orderSessionId || undefined,
				itemIndex,
			})
			.catch((error: unknown) => {
				throw orderSessionId
					? pageSessionRefusal(this, error, 'Order Session ID', itemIndex)
					: error;
			});
		return [asItem(answer?.data)];
	},
};
