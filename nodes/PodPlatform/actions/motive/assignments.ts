/**
 * A motive with its print technologies and tags. The contract shows a motive's fields only as
 * `id`, `name`, `type` (the field notes add `uuid`) and names its technologies and tags as
 * relations (rels `technologies`, `tags`); a service may embed them in the record, or not. A
 * record that embeds one is used as it is; otherwise that relation is read by its link (or, without
 * one, at `.../motives/{id}/technologies` and `.../tags`, the paths the contract lists).
 */

import type { PlainObject } from '../../../shared/values';
import { isPlainObject } from '../../../shared/values';
import type { RunScope } from '../runScope';

/** The relations a motive output shows, by the record's key (also the rel and the path's end). */
export type MotiveRelation = 'technologies' | 'tags';

function linkOf(record: PlainObject, rel: string): string | undefined {
	const links = isPlainObject(record.links) ? record.links : {};
	return typeof links[rel] === 'string' && links[rel] ? links[rel] : undefined;
}

/**
 * The motive `record` (read at `path`) with each of `relations` it does not embed read and set
 * under its key, as the list of that relation's items: one request per relation missing.
 */
export async function withMotiveRelations(
	run: RunScope,
	record: PlainObject,
	path: string,
	itemIndex: number,
	relations: readonly MotiveRelation[] = ['technologies', 'tags'],
): Promise<PlainObject> {
	const completed: PlainObject = { ...record };
	for (const relation of relations) {
		if (record[relation] !== undefined) continue;
		completed[relation] = await run.service.requestAllItems(
			{ method: 'GET', path: linkOf(record, relation) ?? `${path}/${relation}`, itemIndex },
			{ returnAll: true },
		);
	}
	return completed;
}
