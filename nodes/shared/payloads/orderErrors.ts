/**
 * Bad order input, found before anything is sent. `message` names the field in words, `path`
 * is where it sits in the wire payload, `hint` says how to fix it. The node turns it into a
 * NodeOperationError that names the item.
 */
export class OrderPayloadError extends Error {
	constructor(
		message: string,
		readonly path: string,
		readonly hint: string,
	) {
		super(message);
		this.name = 'OrderPayloadError';
	}
}
