/**
 * What one run of the action node shares across its items: the service with its session, and
 * what the run learned that later items reuse. The router makes one per run and passes it to
 * every `prepare` and `execute`, so nothing outlives the run and nothing hides in module state.
 */

import type { IExecuteFunctions } from 'n8n-workflow';

import { ServiceClient } from '../../shared/transport';
import type { ZoneMemory } from './filter/serviceZone';

export interface RunScope {
	/** The service, logged in once for the run. */
	readonly service: ServiceClient;
	/** Filters stored on the service in this run, by a digest of their body: one POST each. */
	readonly storedFilters: Map<string, Promise<string>>;
	/** The service's timezone as this run learned it, for dates in built filters. */
	readonly zone: ZoneMemory;
}

export function newRunScope(ctx: IExecuteFunctions): RunScope {
	return {
		service: new ServiceClient(ctx),
		storedFilters: new Map(),
		zone: { readings: new Map() },
	};
}
