/** The list of the action node's resources, the one place a new resource is registered. */

import { carrierResource } from './carrier';
import { countryResource } from './country';
import { creatorResource } from './creator';
import { csvImportResource } from './csvImport';
import { filterResource } from './filter';
import { motiveResource } from './motive';
import { orderResource } from './order';
import { productResource } from './product';
import { sharedProductResource } from './sharedProduct';
import { shopResource } from './shop';
import { userMotiveResource } from './userMotive';
import { webhookResource } from './webhook';
import type { ResourceDefinition } from './types';

/** Every resource of the action node, in the order of the Resource dropdown. */
export const RESOURCES: ResourceDefinition[] = [
	orderResource,
	productResource,
	motiveResource,
	userMotiveResource,
	csvImportResource,
	webhookResource,
	filterResource,
	creatorResource,
	shopResource,
	countryResource,
	carrierResource,
	sharedProductResource,
];
