/**
 * An order refused while it used catalog reads kept by an earlier execution
 * (shared/acrossExecutions.ts) is read again: a catalog without those reads (the run's own stay),
 * and whether what it reads now differs from what was kept. Only then is the order tried once
 * more (submit.operation.ts); a refusal that the same catalog would give again stands as it is.
 */

import type { CatalogKind } from '../../../../shared/acrossExecutions';
import { newRunCatalog } from '../../common/catalog/runCatalog';
import type { RunCatalog } from '../../common/catalog/runCatalog';

/** The memos of a run's catalog that hold reads, by name. */
const MEMOS = [
	'products',
	'skus',
	'productNames',
	'motives',
	'shopProducts',
	'variantSkuTexts',
	'countries',
] as const;

/** The run's catalog without what it took from earlier executions; it takes nothing more. */
export function withoutRecalled(catalog: RunCatalog): RunCatalog {
	const fresh = newRunCatalog(false);
	for (const memo of MEMOS) {
		const recalled = catalog.recalled.reads.get(memo as CatalogKind);
		for (const [key, value] of catalog[memo].settledEntries()) {
			if (recalled?.has(key)) continue;
			(fresh[memo] as { keep(key: string, pending: Promise<unknown>): unknown }).keep(
				key,
				Promise.resolve(value),
			);
		}
	}
	return fresh;
}

/**
 * Whether a read kept from an earlier execution differs from the same read made again (a look-up
 * that now finds nothing differs too); reads not made again are left out.
 */
export function changedSince(kept: RunCatalog, fresh: RunCatalog): boolean {
	for (const [kind, keys] of kept.recalled.reads) {
		for (const key of keys) {
			const now = fresh[kind].peek(key);
			// Plain records decoded and simplified by the same code: equal reads give equal JSON.
			if (now !== undefined && JSON.stringify(now) !== JSON.stringify(kept[kind].peek(key))) {
				return true;
			}
		}
	}
	return false;
}
