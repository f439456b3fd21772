/**
 * The paged lists of the emulated service: a stored filter or the default selection, `page` and
 * `size` read and clamped, and the `pagedData` answer with its links.
 */

import { requireSession } from './auth';
import { atomLink, mediaTypeOf } from './codec';
import type { ServiceContext } from './context';
import { badRequest } from './errors';
import { applyFilter, defaultSelection, storedFilterFor } from './filter-engine';
import { schemasFor } from './filter-schemas';
import type { Reply } from './router';

export interface ListSpec<T> {
	records: T[];
	/** The filter root this list accepts as `filterId`; undefined = the list takes no filter. */
	filterRoot?: string;
	/** Element name of each item inside `pagedData`. */
	itemName: string;
	represent: (record: T) => unknown;
}

function readPagingNumber(
	ctx: ServiceContext,
	name: string,
	fallback: number,
	min: number,
): number {
	const raw = ctx.query.get(name);
	if (raw === null || raw === '') return fallback;
	if (!/^\d+$/.test(raw) || Number(raw) < min) {
		throw badRequest(`Query parameter ${name} must be an integer >= ${min}`, `Got ${raw}`);
	}
	return Number(raw);
}

function pageUrl(ctx: ServiceContext, page: number, size: number): string {
	const query = new URLSearchParams(ctx.query);
	query.set('page', String(page));
	query.set('size', String(size));
	return `${ctx.sandbox.baseUrl}${ctx.path}?${query.toString()}`;
}

/**
 * The records a list endpoint shows: without `filterId` its default filter (not deleted, by id);
 * with one, only the stored filter of the caller, so deleted records are in unless the filter
 * excludes them (contract, Filters rule 2: the default applies when `filterId` is empty or absent).
 */
function selectRecords<T>(ctx: ServiceContext, records: T[], filterRoot: string | undefined): T[] {
	const { store } = ctx.sandbox;
	const schemas = schemasFor(ctx.sandbox);
	const filterId = ctx.query.get('filterId');
	if (!filterId) return defaultSelection(schemas, store, records, filterRoot);
	const { user } = requireSession(ctx);
	return applyFilter(
		schemas,
		store,
		storedFilterFor(store, user.id, filterId, filterRoot),
		records,
	);
}

/**
 * A `pagedData` answer: filtered (stored filter or the default one), paged with `page`/`size`
 * (size clamped to maxPageSize), items under `itemName`, `totalElements`, absolute `next`/`prev`
 * links; the option `pagingDetails` adds `totalPages`, `number`, `size` and a `self` link.
 */
export function pagedList<T>(ctx: ServiceContext, spec: ListSpec<T>): Reply {
	const page = readPagingNumber(ctx, 'page', 0, 0);
	const size = Math.min(readPagingNumber(ctx, 'size', 10, 1), ctx.sandbox.maxPageSize);
	const selected = selectRecords(ctx, spec.records, spec.filterRoot);
	const start = page * size;
	const items = selected.slice(start, start + size);
	const type = mediaTypeOf(ctx.media);
	// The contract's paging links are next and prev; a page's own `self` comes with pagingDetails.
	const links = ctx.sandbox.kind.pagingDetails
		? [atomLink('self', pageUrl(ctx, page, size), type)]
		: [];
	if (start + size < selected.length)
		links.push(atomLink('next', pageUrl(ctx, page + 1, size), type));
	if (page > 0) links.push(atomLink('prev', pageUrl(ctx, page - 1, size), type));
	return {
		status: 200,
		doc: {
			pagedData: {
				[spec.itemName]: items.map(spec.represent),
				totalElements: selected.length,
				// The contract names only the items, totalElements and the next/prev links.
				...(ctx.sandbox.kind.pagingDetails
					? { totalPages: Math.ceil(selected.length / size), number: page, size }
					: {}),
				'atom.link': links,
			},
		},
	};
}
