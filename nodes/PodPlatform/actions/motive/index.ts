/**
 * The Motive resource: its operations in dropdown order, with Create From File as the
 * default.
 */

import type { ResourceDefinition } from '../types';
import { assignCategoryOperation } from './assignCategory.operation';
import { assignPrintTechnologyOperation } from './assignPrintTechnology.operation';
import { assignTagOperation } from './assignTag.operation';
import { createOperation } from './create.operation';
import { createFromBinaryOperation } from './createFromBinary.operation';
import { deleteOperation } from './delete.operation';
import { getOperation } from './get.operation';
import { getAllOperation } from './getAll.operation';
import { getLocalizationsOperation } from './getLocalizations.operation';
import { getCreatorMotivesOperation } from './getCreatorMotives.operation';
import { setLocalizationOperation } from './setLocalization.operation';
import { updateOperation } from './update.operation';
import { uploadBitmapOperation } from './uploadBitmap.operation';

export const motiveResource: ResourceDefinition = {
	name: 'Motive',
	value: 'motive',
	description: 'The motive (artwork) catalog of the shop',
	needsShop: true,
	defaultOperation: 'createFromBinary',
	operations: [
		assignCategoryOperation,
		assignPrintTechnologyOperation,
		assignTagOperation,
		createOperation,
		createFromBinaryOperation,
		deleteOperation,
		getOperation,
		getCreatorMotivesOperation,
		getLocalizationsOperation,
		getAllOperation,
		setLocalizationOperation,
		updateOperation,
		uploadBitmapOperation,
	],
};
