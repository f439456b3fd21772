/**
 * Whether the service can reach a webhook URL from the internet, judged from its host alone
 * (loopback, private, link-local and carrier-grade NAT ranges, local names), and the warning
 * logged when it cannot.
 */
import type { IHookFunctions } from 'n8n-workflow';

/** Why a webhook URL cannot be reached from the internet, or undefined when it looks public. */
export function unreachableReason(address: string): string | undefined {
	let host: string;
	try {
		host = new URL(address).hostname.toLowerCase().replace(/^\[|\]$/g, '');
	} catch {
		return 'it is not a valid URL';
	}
	if (host === 'localhost' || host.endsWith('.localhost')) return 'its host is localhost';
	if (/\.(local|internal|lan|home|intranet)$/.test(host)) return `${host} is a local network name`;
	const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
	if (ipv4) {
		const [a, b] = [Number(ipv4[1]), Number(ipv4[2])];
		if (a === 127) return `${host} is a loopback address`;
		if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) {
			return `${host} is a private network address`;
		}
		if (a === 169 && b === 254) return `${host} is a link-local address`;
		if (a === 100 && b >= 64 && b <= 127) return `${host} is a carrier-grade NAT address`;
		if (a === 0) return `${host} is not a routable address`;
		return undefined;
	}
	if (host.includes(':')) {
		if (host === '::1') return `${host} is a loopback address`;
		if (/^f[cd]/.test(host)) return `${host} is a private network address`;
		if (/^fe[89ab]/.test(host)) return `${host} is a link-local address`;
		if (host === '::') return `${host} is not a routable address`;
		return undefined;
	}
	if (!host.includes('.')) return `${host} is not a public host name`;
	return undefined;
}

export function warnWhenNotPublic(ctx: IHookFunctions, address: string): void {
	const reason = unreachableReason(address);
	if (!reason) return;
	ctx.logger.warn(
		`POD Platform Trigger: the webhook URL ${address} is not reachable from the internet (${reason}), so the POD Platform service cannot deliver events to it. ` +
			"Set n8n's public address with the N8N_WEBHOOK_URL environment variable (for example N8N_WEBHOOK_URL=https://n8n.example.com/; WEBHOOK_URL on n8n 1.x) and restart n8n, " +
			'or use the POD Platform Poll Trigger, which needs no inbound connection.',
	);
}
