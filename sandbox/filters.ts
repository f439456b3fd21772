/**
 * The filter endpoint of the emulated service: a checked filter is stored under an ID derived from
 * its caller, type and content, so storing the same filter twice gives the same ID.
 */

import { requireSession } from './auth';
import type { ServiceContext } from './context';
import { filterIdOf, parseFilter } from './filter-engine';
import { ok, type Router } from './router';

/** POST /filters: stores a checked filter under its digest; lists apply it by `filterId`. */
export function registerFilterRoutes(router: Router<ServiceContext>): void {
	router.post('/filters', (ctx) => {
		const { user } = requireSession(ctx);
		const { root, content } = parseFilter(ctx.body());
		const filterId = filterIdOf(user.id, root, content);
		const { filters } = ctx.sandbox.store;
		if (!filters.has(filterId)) filters.set(filterId, { filterId, userId: user.id, root, content });
		return ok({ [root]: { ...content, filterId } });
	});
}
