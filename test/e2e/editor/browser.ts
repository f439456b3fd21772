/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- starts a local browser for the end-to-end suite, never shipped */
/**
 * Debian's Chromium, driven by playwright-core: installed by the project's own script (never
 * Playwright's browser downloads), started headless with a throwaway profile.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, selectors } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';

import { ROOT } from '../../../scripts/n8n-runtime';

/** The flags that start Chromium here: no sandbox as root, no GPU, and no calls home. */
const CHROMIUM_FLAGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

/** The size the screenshots are taken at. */
export const VIEWPORT = { width: 1600, height: 1000 };

export interface Browser {
	context: BrowserContext;
	/**
	 * A new page in place of the ones open (which are closed without their unload prompts): every
	 * test starts from a page of its own, with the sign-in cookie the context keeps.
	 */
	freshPage(): Promise<Page>;
	close(): Promise<void>;
}

/** Install Chromium when missing (scripts/install-browser.sh) and start it on `baseURL`. */
export async function openBrowser(baseURL: string): Promise<Browser> {
	const executablePath = execFileSync('bash', [path.join(ROOT, 'scripts/install-browser.sh')], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	}).trim();
	// n8n's editor marks its elements with data-test-id, not Playwright's default data-testid.
	selectors.setTestIdAttribute('data-test-id');
	const profile = mkdtempSync(path.join(tmpdir(), 'pod-platform-chromium-'));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath,
		headless: true,
		args: CHROMIUM_FLAGS,
		viewport: VIEWPORT,
		baseURL,
	});
	return {
		context,
		freshPage: async () => {
			const page = await context.newPage();
			for (const open of context.pages())
				if (open !== page) await open.close({ runBeforeUnload: false });
			page.setDefaultTimeout(20_000);
			return page;
		},
		close: async () => {
			await context.close();
			rmSync(profile, { recursive: true, force: true });
		},
	};
}
