import { request } from 'undici';

/** One call to a storefront stand-in, its answer's status and JSON body read field by field. */
export async function callStandIn(
	url: string,
	method: 'GET' | 'POST' | 'PUT',
	headers: Record<string, string>,
	body?: unknown,
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies read field by field
): Promise<{ status: number; json: any }> {
	const response = await request(url, {
		method,
		headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: response.statusCode, json: await response.body.json() };
}
