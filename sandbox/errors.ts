/**
 * How the emulated service refuses a request: the error handlers throw, with a shortcut for
 * each common status, and the `exception` body the server writes for it.
 */

/**
 * A service error: thrown anywhere in a handler, turned by the server into an `exception` body
 * in the caller's media type with the given HTTP status.
 */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly internalErrorMessage?: string,
		/** Extra members of the `exception` body (for example the numeric `code`). */
		readonly extra: Record<string, unknown> = {},
		readonly headers: Record<string, string> = {},
	) {
		super(message);
	}
}

export const badRequest = (message: string, internal?: string) =>
	new ApiError(400, message, internal);
export const unauthorized = (message: string, internal?: string) =>
	new ApiError(401, message, internal);
export const forbidden = (message: string, internal?: string) =>
	new ApiError(403, message, internal);
export const notFound = (message: string, internal?: string) =>
	new ApiError(404, message, internal);
export const conflict = (message: string, internal?: string) =>
	new ApiError(409, message, internal);

/** The `exception` document the contract's Errors section describes. */
export function exceptionDoc(error: ApiError): Record<string, unknown> {
	return {
		exception: {
			message: error.message,
			internalErrorMessage: error.internalErrorMessage,
			...error.extra,
		},
	};
}
