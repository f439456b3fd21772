/**
 * What the user motive operations share: the User Motive ID field, the library's paths, and the
 * output of a record marked with the library it lives in (permanent with a customer key, else the
 * session's).
 */

import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Decoded } from '../../../shared/codec';
import { CREDENTIAL_NAME } from '../../../shared/send';
import { idParameter, itemShopPath } from '../common/scope';
import type { RunScope } from '../runScope';
import { idLocator } from '../common/locators';
import { recordOf } from '../../../shared/codec';

/** The user motive to work on: searched in the credential's library by name, or by ID. */
export const userMotiveIdField: INodeProperties = idLocator({
	displayName: 'User Motive',
	name: 'userMotiveId',
	searchListMethod: 'searchUserMotives',
	noun: 'user motive',
	placeholderId: '20001',
	urlSegment: 'userMotives',
});

/** `.../shops/{shopId}/userMotives`. */
export async function userMotivesPath(run: RunScope, itemIndex: number): Promise<string> {
	return `${await itemShopPath(run, itemIndex)}/userMotives`;
}

/** `.../shops/{shopId}/userMotives/{id}` for the User Motive ID of this item. */
export async function userMotivePath(run: RunScope, itemIndex: number): Promise<string> {
	const id = idParameter(run, 'userMotiveId', 'User Motive ID', itemIndex);
	return `${await userMotivesPath(run, itemIndex)}/${id}`;
}

/**
 * Which library the credential reaches: a customer key opens the customer's permanent library,
 * otherwise the motives live only as long as the session (contract, Authentication 5).
 */
export async function libraryOf(ctx: IExecuteFunctions): Promise<'permanent' | 'session'> {
	const credentials = await ctx.getCredentials(CREDENTIAL_NAME);
	return String(credentials.customerKey ?? '').trim() ? 'permanent' : 'session';
}

/** A user motive record as item JSON, marked with the library it lives in. */
export async function userMotiveJson(
	ctx: IExecuteFunctions,
	answer: Decoded | undefined,
): Promise<IDataObject> {
	return { ...recordOf(answer), library: await libraryOf(ctx) };
}
