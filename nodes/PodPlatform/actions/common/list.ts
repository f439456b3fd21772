import { createHash } from 'crypto';
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, jsonParse } from 'n8n-workflow';

import type { PlainObject } from '../../../shared/codec';
import { isPlainObject } from '../../../shared/codec';
import { apiRequest, apiRequestAllItems } from '../../../shared/transport';
import { paginationFields } from './fields';
import type { OperationDefinition } from '../types';

/**
 * Get Many for any paged list: Return All / Limit, and an optional filter (a stored filter ID,
 * or a filter given here that the node stores on the service and reuses).
 */

export type FilterRoot =
	| 'productFilter'
	| 'productionOrderFilter'
	| 'motiveFilter'
	| 'sharedProductFilter'
	| 'orderedProductFilter'
	| 'orderedProductCustomAttributeFilter'
	| 'shopFilter'
	| 'webhookFilter'
	| 'countryFilter'
	| 'productionOrderCsvImportFilter';

export function filterFields(filterRoot: FilterRoot): INodeProperties[] {
	return [
		{
			displayName: 'Filter',
			name: 'filterMode',
			type: 'options',
			default: 'none',
			options: [
				{ name: 'None', value: 'none', description: "The service's default: records not deleted" },
				{
					name: 'Stored Filter ID',
					value: 'id',
					description: 'A filter created earlier (Filter → Create)',
				},
				{
					name: 'Filter JSON',
					value: 'json',
					description: `A ${filterRoot} as JSON; the node stores it on the service and reuses it`,
				},
			],
		},
		{
			displayName: 'Filter ID',
			name: 'filterId',
			type: 'string',
			default: '',
			required: true,
			displayOptions: { show: { filterMode: ['id'] } },
		},
		{
			displayName: 'Filter JSON',
			name: 'filterJson',
			type: 'json',
			default: `{\n  "${filterRoot}": {\n    "expressionSimple": [{ "property": "id", "op": ">", "value": "0" }]\n  }\n}`,
			displayOptions: { show: { filterMode: ['json'] } },
			description: `The filter body, with or without its root key "${filterRoot}"`,
		},
	];
}

/** Filters created during this run, by content digest: one POST per distinct filter. */
const createdFilters = new WeakMap<object, Map<string, Promise<string>>>();

/** Store a filter body on the service (or reuse the one this run stored) and return its ID. */
export async function storeFilter(
	ctx: IExecuteFunctions,
	body: PlainObject,
	itemIndex: number,
): Promise<string> {
	const digest = createHash('sha256').update(JSON.stringify(body)).digest('hex');
	let cache = createdFilters.get(ctx);
	if (!cache) {
		cache = new Map();
		createdFilters.set(ctx, cache);
	}
	let pending = cache.get(digest);
	if (!pending) {
		pending = (async () => {
			const answer = await apiRequest(ctx, {
				method: 'POST',
				path: '/filters',
				body,
				itemIndex,
				idempotent: true,
			});
			const filterId = answer?.data.filterId;
			if (filterId === undefined || filterId === '') {
				throw new NodeOperationError(
					ctx.getNode(),
					'The service stored the filter but returned no filterId',
					{
						itemIndex,
					},
				);
			}
			return String(filterId);
		})();
		cache.set(digest, pending);
		pending.catch(() => cache!.delete(digest));
	}
	return await pending;
}

/** The filterId query value for this item, or undefined when no filter is chosen. */
export async function resolveFilterId(
	ctx: IExecuteFunctions,
	itemIndex: number,
	filterRoot: FilterRoot,
): Promise<string | undefined> {
	const mode = ctx.getNodeParameter('filterMode', itemIndex, 'none') as string;
	if (mode === 'id') {
		const id = String(ctx.getNodeParameter('filterId', itemIndex, '')).trim();
		if (!id) {
			throw new NodeOperationError(ctx.getNode(), `Item ${itemIndex + 1}: Filter ID is empty`, {
				itemIndex,
				description: 'Enter the ID of a stored filter, or set Filter to None.',
			});
		}
		return id;
	}
	if (mode === 'json') {
		const raw = ctx.getNodeParameter('filterJson', itemIndex, '{}');
		let parsed: unknown = raw;
		if (typeof raw === 'string') {
			try {
				parsed = jsonParse(raw);
			} catch (error) {
				throw new NodeOperationError(
					ctx.getNode(),
					`Item ${itemIndex + 1}: Filter JSON is not valid JSON`,
					{
						itemIndex,
						description: (error as Error).message,
					},
				);
			}
		}
		if (!isPlainObject(parsed)) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Item ${itemIndex + 1}: Filter JSON must be an object`,
				{
					itemIndex,
				},
			);
		}
		const body = filterRoot in parsed ? parsed : { [filterRoot]: parsed };
		return await storeFilter(ctx, body, itemIndex);
	}
	return undefined;
}

export interface GetManyConfig {
	noun: string;
	/** The filter type the list accepts; omitted for lists the contract gives no filter. */
	filterRoot?: FilterRoot;
	/** The list path for this item. */
	path(this: IExecuteFunctions, itemIndex: number): Promise<string>;
	/** Extra fields shown before pagination (for example an order ID). */
	extraFields?: INodeProperties[];
	/** Turns one record into the item's JSON (for a Simplify option, say). */
	shape?(this: IExecuteFunctions, record: PlainObject, itemIndex: number): IDataObject;
}

export function getManyOperation(
	option: OperationDefinition['option'],
	config: GetManyConfig,
): OperationDefinition {
	return {
		option,
		fields: [
			...(config.extraFields ?? []),
			...paginationFields(),
			...(config.filterRoot ? filterFields(config.filterRoot) : []),
		],
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
			const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
			const limit = this.getNodeParameter('limit', itemIndex, 50) as number;
			const filterId = config.filterRoot
				? await resolveFilterId(this, itemIndex, config.filterRoot)
				: undefined;
			const records = await apiRequestAllItems(
				this,
				{
					method: 'GET',
					path: await config.path.call(this, itemIndex),
					qs: { filterId },
					itemIndex,
				},
				{ returnAll, limit },
			);
			return records.map((record) => ({
				json: config.shape ? config.shape.call(this, record, itemIndex) : (record as IDataObject),
			}));
		},
	};
}
