/**
 * Every error the nodes raise, made in one place: bad input found before sending, the service's
 * error body read and turned into advice, and any failure turned into n8n's error for its item.
 */

import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { decode, mediaTypeOfContentType } from './codec';
import { isPlainObject } from './values';
import { argumentsOf, isToolNode, placeOfField, type ArgumentNamer } from './toolArguments';

/**
 * Bad input, found before anything is sent: what is wrong (`message`, naming the field as the
 * form shows it), how to fix it (`description`) and, where it helps, the field's path in the
 * item or the wire payload (`field`). Every builder and check throws this; `nodeErrorOf` turns
 * it into n8n's error for the item.
 */
export class InputError extends Error {
	constructor(
		message: string,
		readonly description: string,
		readonly field?: string,
		/** The wire path of each value at fault, where one problem has several (empty address fields). */
		readonly paths?: string[],
	) {
		super(message);
		this.name = 'InputError';
	}

	/**
	 * The error as an AI tool's model reads it: each place it names by the form's words is named by
	 * the model's argument that fills it, where `argumentOf` gives one. Absent on an error of one
	 * field, whose argument `nodeErrorOf` adds to the description.
	 */
	forModel?(argumentOf: ArgumentNamer): InputError;

	/**
	 * Whether the message names its input in the user's own words (a storefront's order, "Shopify
	 * order #1001"): n8n's item number would only stand beside it, so none is added.
	 */
	namesItsInput?: boolean;
}

const ITEM_PREFIX = /^Item \d+: /;

/** A message that names its item ("Item 2: ..."), once; as it is without an item. */
export function withItemName(message: string, itemIndex?: number): string {
	return itemIndex === undefined || ITEM_PREFIX.test(message)
		? message
		: `Item ${itemIndex + 1}: ${message}`;
}

/**
 * Every failure as an n8n error, the one place that does so: an `InputError` becomes a
 * NodeOperationError whose message names the item ("Item N: ", once) and whose description
 * says the fix; n8n's own errors keep their words and learn the item; anything else is wrapped.
 * Without an item index (activation hooks, option loaders) no item is named.
 */
export function nodeErrorOf(
	node: INode,
	failure: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	if (failure instanceof NodeApiError || failure instanceof NodeOperationError) {
		// An error that names its input in the user's words keeps no item number (below).
		if (itemIndex !== undefined && failure.context.namesItsInput !== true) {
			failure.context.itemIndex ??= itemIndex;
		}
		return failure;
	}
	if (failure instanceof InputError) {
		const tool = isToolNode(node);
		// A model knows its arguments, not the form's places; and a tool call is one item of a
		// model's: "Item 1" would only tell it nothing.
		const error =
			(tool && failure.forModel?.((parameters) => argumentsOf(node, parameters))) || failure;
		const named =
			tool || error.namesItsInput ? error.message : withItemName(error.message, itemIndex);
		const where = error.field ? ` (${placeOfField(node, error.field)})` : '';
		const nodeError = new NodeOperationError(node, named, {
			// n8n's editor adds "[item N]" to an error that knows its item: beside the store's own
			// name of the order it would only be a second, different number.
			itemIndex: error.namesItsInput ? undefined : itemIndex,
			description: `${error.description}${where}`,
		});
		if (error.namesItsInput) nodeError.context.namesItsInput = true;
		return nodeError;
	}
	const error = failure instanceof Error ? failure : new Error(String(failure));
	return new NodeOperationError(node, error, { itemIndex });
}

/** The service's error body (root `exception`), read from whatever the wire sent. */
export interface ServiceError {
	status: number;
	message: string;
	internalErrorMessage?: string;
	/** Numeric error code such as -104 (FilterNotFoundException), when the body names one. */
	code?: number;
	/** The exception class the body names, e.g. `SqlValidationException`. */
	exceptionName?: string;
}

/** The service's code for an unknown filterId (contract, Errors). */
const FILTER_NOT_FOUND = -104;

/**
 * How the service refused a filter (contract, Filters): `unknownFilter`, a filterId it does not
 * know (code -104, FilterNotFoundException); `unknownProperty`, a property the list cannot be
 * filtered by (SqlValidationException); undefined for any other error. A NodeApiError is judged by
 * the service's body it carries, else by the exception its message names.
 */
export function filterRefusalOf(
	error: Partial<ServiceError> | NodeApiError,
): 'unknownFilter' | 'unknownProperty' | undefined {
	const body = (
		error instanceof NodeApiError ? (error.errorResponse ?? {}) : error
	) as Partial<ServiceError>;
	const named = `${body.exceptionName ?? ''} ${error instanceof NodeApiError ? error.message : ''}`;
	if (body.code === FILTER_NOT_FOUND || /FilterNotFoundException/.test(named)) {
		return 'unknownFilter';
	}
	if (/SqlValidationException/.test(named)) return 'unknownProperty';
	return undefined;
}

/** Read `{exception:{message, internalErrorMessage}}` (JSON or XML); tolerate anything else. */
export function parseServiceError(
	status: number,
	text: string,
	contentType?: string,
): ServiceError {
	const fallback: ServiceError = { status, message: text.trim().slice(0, 300) || `HTTP ${status}` };
	if (!text.trim()) return fallback;
	try {
		const { data } = decode(text, mediaTypeOfContentType(contentType));
		const message = typeof data.message === 'string' ? data.message : fallback.message;
		const internal =
			typeof data.internalErrorMessage === 'string' ? data.internalErrorMessage : undefined;
		const rawCode = data.code ?? data.errorCode;
		const code = rawCode === undefined || rawCode === '' ? undefined : Number(rawCode);
		const names = `${message} ${internal ?? ''} ${String(data.exception ?? data.type ?? '')}`;
		const exceptionName = /(\w+Exception)/.exec(names)?.[1];
		return {
			status,
			message,
			internalErrorMessage: internal,
			code: Number.isFinite(code) ? code : undefined,
			exceptionName,
		};
	} catch {
		return fallback;
	}
}

/** What the user should do about an error, by status and by the service's own code. */
export function adviceFor(error: ServiceError): string {
	const filterRefusal = filterRefusalOf(error);
	if (filterRefusal === 'unknownFilter') {
		return 'The stored filter does not exist (any more). Create it again with Filter → Create, or build the filter inline so the node creates it for you.';
	}
	if (filterRefusal === 'unknownProperty') {
		return 'The filter names a property the service does not know for this list. Check the property names in the filter.';
	}
	switch (error.status) {
		case 400:
			return 'The service rejected a value. The message above names the field; correct it and run again.';
		case 401:
			return 'The session was refused. Check the login and password of the credential, and that the account and shop belong to this login.';
		case 403:
			return 'The login is valid but its role may not do this. Use a login with the shop admin or account admin role.';
		case 404:
			return 'The record does not exist or belongs to another account. Check the ID and the shop.';
		case 405:
			return 'The service does not support this method on this path.';
		case 409:
			return 'The record is in a state that does not allow this (for example an order already sent to production, or a duplicate). Fetch it to see its current state.';
		// 429 and 502-504 are retried, and given up in the words of `gaveUpError`.
		case 500:
			return 'The service had a temporary problem. Run again later.';
		default:
			return '';
	}
}

/**
 * A NodeApiError that shows the node's own message. n8n's NodeApiError puts a line of its own in
 * place of any message that names a network code (for ECONNREFUSED "The service refused the
 * connection - perhaps it is offline"), whatever the message said around it: "Order #1001 may have
 * been sent: ..." would become a line that contradicts its own description. The node's message
 * stays the headline; n8n's line opens the description only where it agrees with the message
 * (`keepN8nLine`), and is dropped where it does not (an order that may have been received, the
 * service's own words).
 */
export function apiErrorInOwnWords(
	node: INode,
	response: JsonObject,
	options: { message: string; description: string; httpCode?: string; itemIndex?: number },
	keepN8nLine: boolean,
): NodeApiError {
	const error = new NodeApiError(node, response, options);
	if (error.message !== options.message) {
		const n8nLine = error.message.replace(/\.?$/, '.');
		error.message = options.message;
		if (keepN8nLine) error.description = `${n8nLine} ${options.description}`.trim();
	}
	return error;
}

/** A NodeApiError whose message carries the service's own words and whose description says what to do. */
export function serviceApiError(
	node: INode,
	error: ServiceError,
	itemIndex?: number,
): NodeApiError {
	const detail = error.internalErrorMessage ? ` (${error.internalErrorMessage})` : '';
	const codeText = error.code !== undefined ? ` [code ${error.code}]` : '';
	// The service answered: n8n's line about a connection that failed would be wrong here.
	return apiErrorInOwnWords(
		node,
		{ ...error } as unknown as JsonObject,
		{
			message: `${error.message}${detail}${codeText}`,
			description: adviceFor(error),
			httpCode: String(error.status),
			itemIndex,
		},
		false,
	);
}

/**
 * A request given up once its retries were spent, or at once where a retry could not be safe:
 * the service pushed back (429 rate limit; 502, 503, 504 unavailable) or could not be reached.
 */
export interface GaveUp {
	reason: 'rateLimited' | 'unavailable' | 'unreachable';
	/** The service's last answer (429, 502, 503, 504); none when it could not be reached. */
	status?: number;
	/** The network failure (ECONNREFUSED), when no answer came. */
	networkCode?: string;
	attempts: number;
	/** Time spent waiting between the attempts. */
	waitedMs: number;
	/** A Retry-After longer than the client waits: the request was given up at once. */
	retryAfterMs?: number;
	/**
	 * What became of a request that is not safe to send twice: `notTaken` (a 429: the service did
	 * not process it), `checkedNone` (looked up after the last attempt and not found), `unknown`
	 * (it may have been received, and nobody could check). Absent for a request safe to repeat.
	 */
	effect?: 'notTaken' | 'checkedNone' | 'unknown';
}

const UNAVAILABLE_NAMES: Record<number, string> = {
	502: 'bad gateway',
	503: 'unavailable',
	504: 'gateway timeout',
};

function secondsText(ms: number): string {
	return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

/**
 * How the service pushed back, in one place for every message that says it: "the service
 * answered 503 (unavailable) 5 times over 3.4 s".
 */
function pushbackText(gaveUp: GaveUp): string {
	const times =
		gaveUp.attempts > 1 ? ` ${gaveUp.attempts} times over ${secondsText(gaveUp.waitedMs)}` : '';
	switch (gaveUp.reason) {
		case 'rateLimited':
			return gaveUp.retryAfterMs !== undefined
				? `the service answered 429 (rate limit) and asked to wait ${secondsText(gaveUp.retryAfterMs)} (Retry-After), longer than the node waits`
				: `the service answered 429 (rate limit)${times}`;
		case 'unavailable':
			return `the service answered ${gaveUp.status} (${UNAVAILABLE_NAMES[gaveUp.status ?? 0] ?? 'unavailable'})${times}`;
		default:
			return `the service could not be reached (${gaveUp.networkCode ?? 'no answer'})${times}`;
	}
}

/** The error of a request given up, with what the user can do; the service's own words kept. */
export function gaveUpError(
	node: INode,
	gaveUp: GaveUp,
	response: JsonObject,
	itemIndex?: number,
): NodeApiError {
	const advice =
		gaveUp.effect === 'unknown'
			? 'The request may or may not have reached the service, so it was not sent again. Check the records before running again.'
			: gaveUp.reason === 'rateLimited'
				? 'Lower the concurrency or add a wait between runs, then run again.'
				: gaveUp.reason === 'unavailable'
					? 'The service had a temporary problem. Run again later.'
					: 'Check the base URL of the credential and the network, then run again.';
	const said =
		typeof response.message === 'string' && response.message.trim()
			? ` The service said: ${response.message.trim().slice(0, 200)}`
			: '';
	const text = pushbackText(gaveUp);
	const error = apiErrorInOwnWords(
		node,
		response,
		{
			message: `${text.charAt(0).toUpperCase()}${text.slice(1)}`,
			description: `${advice}${gaveUp.reason === 'unreachable' ? '' : said}`,
			httpCode: gaveUp.status === undefined ? undefined : String(gaveUp.status),
			itemIndex,
		},
		gaveUp.effect !== 'unknown',
	);
	error.context.gaveUp = { ...gaveUp };
	return error;
}

/** What a request given up was told of its pushback, when the error is one (`gaveUpError`). */
export function gaveUpOf(error: unknown): GaveUp | undefined {
	if (!(error instanceof NodeApiError)) return undefined;
	const gaveUp = error.context.gaveUp;
	return isPlainObject(gaveUp) ? (gaveUp as unknown as GaveUp) : undefined;
}

/** An order the service pushed back, as Submit names it to the merchant. */
export interface PushedBackOrder {
	/** "Order #1001 (Unique ID shopify-450789469)". */
	label: string;
	exactlyOnce: boolean;
	/** Whether it was the look-up before sending that was given up: the order never went out. */
	beforeSending: boolean;
}

/**
 * Submit's error when the service pushed back: whether the order was sent (plainly: NOT sent,
 * or may have been and why nobody could tell), how the service pushed back, and the fix.
 */
export function orderPushedBackError(
	node: INode,
	gaveUp: GaveUp,
	order: PushedBackOrder,
	itemIndex?: number,
): NodeApiError {
	const text = pushbackText(gaveUp);
	const again = order.exactlyOnce
		? 'Run the workflow again once the service answers, or let the catch-up workflow print it: with Exactly Once on, running it again never prints it twice.'
		: 'Run the workflow again once the service answers.';
	const slower =
		gaveUp.reason === 'rateLimited' ? ' If this happens often, lower Concurrency (Options).' : '';
	let message: string;
	let why: string;
	if (order.beforeSending || gaveUp.effect !== 'unknown') {
		message = `${order.label} was NOT sent: ${text}`;
		why = order.beforeSending
			? 'The node could not look its Unique ID up before sending, so it did not send it: nothing was created.'
			: gaveUp.effect === 'checkedNone'
				? 'After the last attempt the node looked the order up by its Unique ID and found none: nothing was created.'
				: gaveUp.reason === 'unreachable'
					? 'No connection to the service could be made, so the order never reached it: nothing was created.'
					: 'The service did not take the order: nothing was created.';
	} else if (order.exactlyOnce) {
		message = `${order.label} may have been sent: ${text}, and the node could not check by its Unique ID`;
		why =
			'The service may have received it before its answer was lost, and looking its Unique ID up failed too.';
	} else {
		message = `${order.label} may have been sent: ${text}`;
		why =
			'The order may or may not have reached the service, and Exactly Once is off, so it was not sent again. Look for it by its Unique ID (Order → Get Many) before running it again, or turn Exactly Once on.';
	}
	const unsure = !order.exactlyOnce && gaveUp.effect === 'unknown' && !order.beforeSending;
	const error = apiErrorInOwnWords(
		node,
		{ message },
		{
			message,
			description: `${why}${unsure ? '' : ` ${again}`}${slower}`,
			httpCode: gaveUp.status === undefined ? undefined : String(gaveUp.status),
			itemIndex,
		},
		// "Refused the connection" beside "may have been sent" would contradict it.
		order.beforeSending || gaveUp.effect !== 'unknown',
	);
	error.context.gaveUp = { ...gaveUp };
	return error;
}

/** Statuses with which the service refuses a request's body (400) or its path (404, 405). */
const REFUSED_REQUEST_STATUSES = new Set(['400', '404', '405']);

/**
 * For a request whose body the contract does not show (the client derived it): when the service
 * refuses it, say so instead of "correct the field", keeping the service's own message.
 */
export function undocumentedRequestRefusal(
	node: INode,
	error: unknown,
	request: string,
	itemIndex?: number,
): unknown {
	if (!(error instanceof NodeApiError) || !REFUSED_REQUEST_STATUSES.has(String(error.httpCode))) {
		return error;
	}
	return new NodeApiError(node, error.errorResponse ?? { message: error.message }, {
		message: error.message,
		description: `The contract does not document the body of this request (${request}), and the service refused it with HTTP ${error.httpCode}. Its own words are in the message above: if they name an ID you gave, check that ID; otherwise the service expects a body or path the contract does not show, so report the message to the service's support.`,
		httpCode: error.httpCode ?? undefined,
		itemIndex,
	});
}
