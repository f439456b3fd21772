/**
 * The one check of an order draft, whichever reader gave it: the head (financial status, country
 * against the account's, customer, shipping), every design resolved (names and SKUs to IDs,
 * resolve.ts) and checked with its compositions and elements, the template products and the
 * passthrough items. Every problem of the order is reported at once in one InputError, each named
 * by its part's words and, where a form field gave the value, that field (a tool names its
 * argument). What passes is the checked order, in the contract's values, for the writer
 * (wire.ts).
 */

import { isBlank } from '../../../../shared/values';
import type { PlainObject } from '../../../../shared/values';
import { countryRef } from '../payloads/country';
import { normaliseCustomer } from '../payloads/customer';
import { InputError } from '../../../../shared/errors';
import { optionalText } from '../payloads/orderValues';
import { Problems } from '../payloads/problems';
import { normaliseShipping } from '../payloads/shipping';
import { FINANCIAL_STATUSES } from '../../../../shared/types';
import { normaliseDesign, reportRefused } from './designs';
import type { CheckedDesign } from './designs';
import type { OrderDraft } from './draft';
import { isRefused, partsOf } from './draft';
import type { Resolver } from './types';
import { OFFLINE_RESOLVER } from './resolve';
import { normalisePassthroughItems } from './passthrough';
import { normaliseTemplate } from './templates';

/** An order that passed every check: the contract's values, each part still knowing its place. */
export interface CheckedOrder {
	uniqueId?: string;
	financialStatus?: string;
	country: { id: number } | { code: string } | undefined;
	customer: PlainObject | undefined;
	orderShipping: PlainObject | undefined;
	/** Keys of the body the client does not fill in itself (Order JSON), passed on as given. */
	extra: PlainObject;
	designs: CheckedDesign[];
	templates: PlainObject[];
	passthroughItems: PlainObject[];
}

function financialStatusOf(value: unknown): string | undefined {
	if (isBlank(value)) return undefined;
	const status = String(value).trim().toUpperCase();
	if (!(FINANCIAL_STATUSES as readonly string[]).includes(status)) {
		throw new InputError(
			`Financial Status must be one of ${FINANCIAL_STATUSES.join(', ')}, got ${JSON.stringify(value)}`,
			'PAID starts production once the order is processed, and you are charged; PENDING waits for payment.',
			'financialStatus',
		);
	}
	return status;
}

/**
 * Check a draft with a resolver of its names and SKUs (IDs as given without one); every problem
 * found is reported in one InputError.
 */
export function checkDraft(draft: OrderDraft, resolver: Resolver = OFFLINE_RESOLVER): CheckedOrder {
	const problems = new Problems();
	for (const problem of draft.problems) problems.add(problem);
	const { head } = draft;
	const checkedHead = problems.within(head.spot, () => ({
		uniqueId: optionalText(head.uniqueId),
		financialStatus: problems.check(undefined, () => financialStatusOf(head.financialStatus)),
		country: problems.check(undefined, () => resolver.country(countryRef(head.country))),
		customer: problems.check(undefined, () => normaliseCustomer(head.customer, true)),
		orderShipping: problems.check(undefined, () => normaliseShipping(head.orderShipping)),
	}));

	if (isRefused(draft.designs)) reportRefused(problems, draft.designs);
	const designs = partsOf(draft.designs).map((design, d) => {
		if (isRefused(design)) return reportRefused(problems, design);
		return problems.within(design.spot, () => normaliseDesign(design, d, { resolver, problems }));
	});
	if (isRefused(draft.templates)) reportRefused(problems, draft.templates);
	const templates = partsOf(draft.templates).map((template, i) =>
		problems.check(undefined, () =>
			normaliseTemplate(template, i, `templates.creatorse_designedTemplateProduct[${i}]`),
		),
	);
	const passthroughItems = normalisePassthroughItems(draft.passthroughItems, problems);
	if (!designs.length && !templates.length && !passthroughItems.length) {
		problems.add({
			message: 'The order has no items',
			fix: 'Add at least one design, template product or passthrough item.',
			field: 'designs',
		});
	}
	problems.throwIfAny(
		draft.subject ? { text: draft.subject, named: true } : { text: 'The order', named: false },
		draft.showPaths,
	);
	return {
		...checkedHead,
		extra: head.extra,
		designs: designs as CheckedDesign[],
		templates: templates as PlainObject[],
		passthroughItems,
	};
}
