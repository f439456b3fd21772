/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- a benchmark run on Node, never shipped */
/**
 * CPU time a process has consumed, with its children: user + system time of the process and of
 * every live descendant (its task runners), plus the time of children that have ended
 * (cutime + cstime), read from /proc/<pid>/stat. Linux only; the difference of two readings is
 * what the process tree spent between them, on all of its threads.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

let ticksPerSecond: number | undefined;

function clockTicks(): number {
	if (ticksPerSecond === undefined) {
		try {
			ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
		} catch {
			ticksPerSecond = 100;
		}
		if (!Number.isFinite(ticksPerSecond) || ticksPerSecond <= 0) ticksPerSecond = 100;
	}
	return ticksPerSecond;
}

interface Stat {
	ppid: number;
	/** utime + stime, in clock ticks. */
	own: number;
	/** cutime + cstime of children waited for, in clock ticks. */
	children: number;
}

function statOf(pid: number): Stat | undefined {
	let text: string;
	try {
		text = readFileSync(`/proc/${pid}/stat`, 'utf8');
	} catch {
		return undefined;
	}
	// The command name is in parentheses and may hold spaces: the fields follow the last ')'.
	const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
	// fields[0] is field 3 (state): ppid is field 4, utime..cstime are fields 14..17.
	return {
		ppid: Number(fields[1]),
		own: Number(fields[11]) + Number(fields[12]),
		children: Number(fields[13]) + Number(fields[14]),
	};
}

function allStats(): Map<number, Stat> {
	const stats = new Map<number, Stat>();
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		const stat = statOf(Number(entry));
		if (stat) stats.set(Number(entry), stat);
	}
	return stats;
}

export interface TreeCpu {
	/** Milliseconds of CPU the process and its descendants have used so far. */
	ms: number;
	/** How many processes the tree holds now (the process itself included). */
	processes: number;
}

/** The CPU time the process `pid` and all of its descendants have used so far. */
export function processTreeCpu(pid: number): TreeCpu {
	const stats = allStats();
	const root = stats.get(pid);
	if (!root) throw new Error(`process ${pid} is not running`);
	let ticks = root.own + root.children;
	const tree = new Set([pid]);
	let grew = true;
	while (grew) {
		grew = false;
		for (const [child, stat] of stats) {
			if (!tree.has(child) && tree.has(stat.ppid)) {
				tree.add(child);
				ticks += stat.own;
				grew = true;
			}
		}
	}
	return { ms: (ticks * 1000) / clockTicks(), processes: tree.size };
}

/**
 * Milliseconds of CPU the whole machine has spent busy so far (all cores: user, nice, system,
 * irq, softirq, steal from /proc/stat): the difference against a process tree's is what everything
 * else on the machine used meanwhile.
 */
export function machineBusyMs(): number {
	const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
	const [, user, nice, system, , , irq, softirq, steal] = cpu.trim().split(/\s+/).map(Number);
	return ((user + nice + system + irq + softirq + steal) * 1000) / clockTicks();
}
