import type { ResourceDefinition } from '../types';
import { assignCategory } from './assignCategory.operation';
import { assignPrintTechnology } from './assignPrintTechnology.operation';
import { assignTag } from './assignTag.operation';
import { create } from './create.operation';
import { createFromBinary } from './createFromBinary.operation';
import { deleteMotive } from './delete.operation';
import { get } from './get.operation';
import { getAll } from './getAll.operation';
import { getCreatorMotives } from './getCreatorMotives.operation';
import { setLocalization } from './setLocalization.operation';
import { update } from './update.operation';
import { uploadBitmap } from './uploadBitmap.operation';

export const motiveResource: ResourceDefinition = {
	name: 'Motive',
	value: 'motive',
	description: 'The motive (artwork) catalog of the shop',
	needsShop: true,
	defaultOperation: 'createFromBinary',
	operations: {
		assignCategory,
		assignPrintTechnology,
		assignTag,
		create,
		createFromBinary,
		delete: deleteMotive,
		get,
		getCreatorMotives,
		getAll,
		setLocalization,
		update,
		uploadBitmap,
	},
};
