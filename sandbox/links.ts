/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- the sandbox is a Node server, never shipped */

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
