/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- drives real n8n processes from Node, never shipped */
/**
 * A clock that n8n processes read and a test moves: Debian's libfaketime, preloaded into each
 * process, adds the offset written in a file of this clock's own (re-read every second). The
 * service retries a failed delivery an hour after it (contract, Events rule 4); with this the
 * suites send that retry a minute later while n8n sees it arrive an hour later.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import { ROOT } from '../../scripts/n8n-runtime';

export class ShiftedClock {
	/** Minutes ahead of real time the processes on this clock are. */
	private offsetMinutes = 0;

	private constructor(
		private readonly library: string,
		private readonly offsetFile: string,
	) {}

	/** Installs libfaketime when missing (scripts/install-faketime.sh); the clock starts at no offset. */
	static async create(folder: string): Promise<ShiftedClock> {
		const { stdout } = await promisify(execFile)(
			'bash',
			[path.join(ROOT, 'scripts/install-faketime.sh')],
			{ timeout: 10 * 60_000 },
		);
		const library = stdout.trim().split('\n').pop() ?? '';
		const clock = new ShiftedClock(library, path.join(folder, 'faketime-offset'));
		clock.set(0);
		return clock;
	}

	/** The environment that puts an n8n process on this clock. */
	env(): Record<string, string> {
		return {
			LD_PRELOAD: this.library,
			FAKETIME_TIMESTAMP_FILE: this.offsetFile,
			FAKETIME_CACHE_DURATION: '1',
			// Timers and timeouts keep real time; only the wall clock moves.
			FAKETIME_DONT_FAKE_MONOTONIC: '1',
		};
	}

	/** Moves every process on this clock to real time plus this many minutes, within two seconds. */
	async shift(minutes: number): Promise<void> {
		this.set(minutes);
		await new Promise((resolve) => setTimeout(resolve, 2000));
	}

	/** Minutes ahead of real time the processes on this clock are now. */
	get minutes(): number {
		return this.offsetMinutes;
	}

	private set(minutes: number): void {
		this.offsetMinutes = minutes;
		writeFileSync(this.offsetFile, `${minutes >= 0 ? '+' : ''}${minutes}m\n`);
	}
}
