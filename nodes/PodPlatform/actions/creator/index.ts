/** The Creator resource: Get Snippet, its one operation. */

import type { ResourceDefinition } from '../types';
import { getSnippetOperation } from './getSnippet.operation';

export const creatorResource: ResourceDefinition = {
	name: 'Creator',
	value: 'creator',
	description: 'The embeddable Creator product designer',
	needsShop: true,
	defaultOperation: 'getSnippet',
	operations: [getSnippetOperation],
};
