/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- a benchmark run on Node, never shipped */
/**
 * The network conditions every HTTP benchmark runs under, set through the sandbox's fault table:
 * loopback as it is; 20 ms added to every request; and 20 ms per request plus 20 ms for every new
 * connection, which is what a TLS handshake to a real service adds. The last one is where a client
 * that opens a connection per request (n8n's HTTP helper) pays and a kept-alive client does not.
 */
import type { LoggedRequest, SandboxControl } from '../../test/support/sandbox';
import { formatSpread, timed, type Measured, type Spread, type Timed } from './timing';

export interface NetworkCondition {
	name: string;
	label: string;
	faults: Array<Record<string, unknown>>;
}

export const LATENCY_MS = 20;

export const NETWORK_CONDITIONS: NetworkCondition[] = [
	{ name: 'loopback', label: 'loopback', faults: [] },
	{
		name: 'latency',
		label: `${LATENCY_MS} ms per request`,
		faults: [{ kind: 'latency', latencyMs: LATENCY_MS }],
	},
	{
		name: 'latencyAndConnect',
		label: `${LATENCY_MS} ms per request + ${LATENCY_MS} ms per new connection`,
		faults: [
			{ kind: 'latency', latencyMs: LATENCY_MS },
			{ kind: 'connect-latency', latencyMs: LATENCY_MS },
		],
	},
];

/** The conditions BENCH_CONDITIONS names (comma-separated), or all of them. */
export function selectedConditions(): NetworkCondition[] {
	const names = process.env.BENCH_CONDITIONS?.split(',').map((name) => name.trim());
	return names ? NETWORK_CONDITIONS.filter((c) => names.includes(c.name)) : NETWORK_CONDITIONS;
}

export async function applyCondition(control: SandboxControl, condition: NetworkCondition) {
	await control.clearFaults();
	for (const fault of condition.faults) await control.fault(fault);
}

export interface Traffic {
	requests: number;
	/** Distinct connections that carried the job's service requests. */
	connections: number;
}

/** The service requests since the log was last cleared, and the connections that carried them. */
export function trafficOf(log: LoggedRequest[]): Traffic {
	return { requests: log.length, connections: new Set(log.map((entry) => entry.connection)).size };
}

/** Runs a job with a fresh request log; answers its time, its traffic and its own result. */
export async function counted<T>(
	control: SandboxControl,
	job: () => Promise<T>,
): Promise<Measured & Traffic & { result: T }> {
	await control.clearRequests();
	const { ms, result } = await timed(job);
	return { ms, ...trafficOf(await control.requests()), result };
}

/** A side's result as the results files keep it: whole milliseconds and its last round's traffic. */
export interface SideSummary extends Traffic {
	ms: Spread;
}

/** Every side's times, rounded, with the requests and connections of its last round. */
export function summariseSides<K extends string>(
	timed: Record<K, Timed<Measured & Traffic>>,
): Record<K, SideSummary> {
	const summary = {} as Record<K, SideSummary>;
	for (const side of Object.keys(timed) as K[]) {
		const { ms, last } = timed[side];
		summary[side] = {
			ms: { min: Math.round(ms.min), median: Math.round(ms.median), max: Math.round(ms.max) },
			requests: last.requests,
			connections: last.connections,
		};
	}
	return summary;
}

/** One line per side: min / median / max, requests and new connections. */
export function printSides(sides: Record<string, SideSummary>): void {
	for (const [side, { ms, requests, connections }] of Object.entries(sides)) {
		console.log(
			`  ${side.padEnd(15)} ${formatSpread(ms).padEnd(22)} ${String(requests).padStart(5)} req ${String(connections).padStart(5)} conn`,
		);
	}
}
