/** Absolute resource URLs for Atom links (the contract: clients follow links, never build them). */

interface HasBase {
	baseUrl: string;
}

export const accountUrl = (app: HasBase, accountId: number) =>
	`${app.baseUrl}/accounts/${accountId}`;

export const shopUrl = (app: HasBase, accountId: number, shopId: number) =>
	`${accountUrl(app, accountId)}/shops/${shopId}`;

export const orderUrl = (app: HasBase, accountId: number, shopId: number, orderId: number) =>
	`${shopUrl(app, accountId, shopId)}/orders/${orderId}`;
