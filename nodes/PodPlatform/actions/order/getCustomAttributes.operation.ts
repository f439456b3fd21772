/**
 * Order → Get Ordered Product Custom Attributes: the key/value attributes stored with an item of
 * an order, through the shared Get Many.
 */

import { simplifyRecord } from '../common/simplify/settings';
import { getManyOperation } from '../common/list';
import { orderedProductPath } from './common';
import { orderIdField, orderedProductIdField } from './fields';

export const getCustomAttributesOperation = getManyOperation(
	{
		name: 'Get Ordered Product Custom Attributes',
		value: 'getCustomAttributes',
		action: 'Get the custom attributes of an ordered product',
		description: 'List the key/value attributes stored with an item of an order',
	},
	{
		filterRoot: 'orderedProductCustomAttributeFilter',
		extraFields: [orderIdField, orderedProductIdField],
		async path(itemIndex, run) {
			return `${await orderedProductPath(run, itemIndex)}/customAttributes`;
		},
		simplify: simplifyRecord,
	},
);
