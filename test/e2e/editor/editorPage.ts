/* eslint-disable @n8n/community-nodes/require-node-api-error -- a test helper's errors, not a node's */
/**
 * The n8n editor as a merchant uses it, through the data-test-id attributes of n8n's own editor
 * (packages/frontend/editor-ui): sign in, add nodes from the nodes panel, open a node's panel,
 * choose from its dropdowns, and read what the panel shows as a problem.
 */
import type { Locator, Page } from 'playwright-core';

import type { Owner } from '../../../scripts/n8n-runtime';

/** One problem the node panel shows: where (node › resource › operation › field) and what. */
export interface Problem {
	where: string;
	field: string;
	message: string;
}

/** Texts n8n shows for a dropdown whose options could not be loaded, and for a value it refuses. */
const OPTIONS_ERROR = 'Error fetching options';
const LOADING_OPTIONS = 'Loading options';

export async function signIn(page: Page, owner: Owner): Promise<void> {
	await page.goto('/signin');
	await page.getByTestId('emailOrLdapLoginId').locator('input').fill(owner.email);
	await page.getByTestId('password').locator('input').fill(owner.password);
	await page.getByTestId('form-submit-button').click();
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}

export async function newWorkflow(page: Page): Promise<void> {
	await page.goto('/workflow/new');
	await page.getByTestId('canvas').waitFor();
}

export const ndv = (page: Page): Locator => page.getByTestId('ndv');
export const parameters = (page: Page): Locator => page.getByTestId('node-parameters');

/**
 * Add a node from the nodes panel: search for its card by the title the panel shows, open it and
 * choose one of its actions or triggers (by the label the panel lists). n8n then opens the node's
 * panel.
 */
export async function addNode(page: Page, node: { title: string; action?: string }): Promise<void> {
	const creator = page.getByTestId('node-creator');
	const canvasAdd = page.getByTestId('canvas-add-button');
	if (await canvasAdd.isVisible()) await canvasAdd.click();
	else await page.getByTestId('node-creator-plus-button').click();
	await page.getByTestId('node-creator-search-bar').fill(node.title);
	const card = creator
		.getByTestId('item-iterator-item')
		.filter({ has: page.getByText(node.title, { exact: true }) })
		.first();
	await card.waitFor().catch(() => {
		throw new Error(`The nodes panel shows no card titled "${node.title}"`);
	});
	await card.click();
	// A card lists its actions and triggers; without a named one, the first is taken (a card with
	// a single trigger may add it at once).
	const actions = creator.getByTestId('item-iterator-item');
	if (node.action) {
		const action = actions.filter({ has: page.getByText(node.action, { exact: true }) }).first();
		// On an empty workflow the panel asks for a trigger first and folds the card's actions.
		const folded = creator.getByText(/^Actions \(\d+\)$/);
		await action
			.or(folded)
			.first()
			.waitFor()
			.catch(() => undefined);
		if (!(await action.isVisible()) && (await folded.isVisible())) await folded.click();
		await action.waitFor().catch(() => {
			throw new Error(`The card "${node.title}" lists no action "${node.action}"`);
		});
		await action.click();
	} else if (!(await ndv(page).isVisible())) {
		await page.waitForTimeout(1000);
		if (!(await ndv(page).isVisible())) await actions.first().click();
	}
	await ndv(page).waitFor();
	await settle(page);
}

/**
 * Add a tool to a node on the canvas as a merchant does: the "+" on the node's Tool connector
 * opens the nodes panel on its tools; search for the tool's card by the title the panel shows and
 * choose it. n8n adds the tool, connects it and opens its panel.
 */
export async function addToolTo(
	page: Page,
	parent: string,
	tool: { search: string; title: string | RegExp },
): Promise<void> {
	const connector = page.locator(
		`[data-test-id="canvas-node-input-handle"][data-connection-type="ai_tool"][data-node-name="${parent}"]`,
	);
	await connector
		.getByTestId('canvas-handle-plus')
		.click()
		.catch(() => {
			throw new Error(`"${parent}" shows no Tool connector with a "+" to add a tool`);
		});
	const creator = page.getByTestId('node-creator');
	await page.getByTestId('node-creator-search-bar').fill(tool.search);
	const card = creator
		.getByTestId('item-iterator-item')
		.filter({ has: page.getByText(tool.title, { exact: true }) })
		.first();
	await card.waitFor().catch(async () => {
		const shown = await creator.innerText().catch(() => '');
		throw new Error(`The tools panel shows no card titled ${String(tool.title)}: ${shown}`);
	});
	await card.click();
	await ndv(page).waitFor();
	await settle(page);
}

export async function closeNdv(page: Page): Promise<void> {
	await page.keyboard.press('Escape');
	await ndv(page).waitFor({ state: 'hidden' });
}

/** Open a node's panel from the canvas by its name. */
export async function openNode(page: Page, name: string): Promise<void> {
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).dblclick();
	await ndv(page).waitFor();
	await settle(page);
}

/** Wait until no dropdown of the panel is still loading its options. */
export async function settle(page: Page): Promise<void> {
	const loading = parameters(page).getByText(LOADING_OPTIONS);
	const deadline = Date.now() + 20_000;
	// Loading starts a moment after a field appears: look twice, a short while apart.
	for (let quietChecks = 0; quietChecks < 2 && Date.now() < deadline; ) {
		await page.waitForTimeout(200);
		// A dropdown says so in its text, its placeholder, or its value while it has one.
		const busy =
			(await loading.count()) > 0 ||
			(await parameters(page)
				.locator('input')
				.evaluateAll(
					(inputs, marker) =>
						inputs.some((input) =>
							[(input as HTMLInputElement).placeholder, (input as HTMLInputElement).value].some(
								(text) => text.startsWith(marker),
							),
						),
					LOADING_OPTIONS,
				));
		quietChecks = busy ? 0 : quietChecks + 1;
	}
}

/** The labels of the fields the panel shows now, each its first line, in their order. */
export async function shownLabels(page: Page): Promise<string[]> {
	return await parameters(page).evaluate((root) =>
		Array.from(root.querySelectorAll('[data-test-id="input-label"]'))
			.filter((label) => (label as HTMLElement).offsetParent !== null)
			.map((label) => (label as HTMLElement).innerText.split('\n')[0].trim()),
	);
}

/** The dropdown of the parameter `name` (its data-test-id is parameter-input-<name>). */
export const parameterInput = (scope: Page | Locator, name: string): Locator =>
	scope.getByTestId(`parameter-input-${name}`).first();

/** The visible list of an open options dropdown. */
const openList = (page: Page): Locator =>
	page.locator('.el-select-dropdown:visible, .el-popper:visible .el-select-dropdown').last();

/**
 * The field (its parameter-item) whose own label matches, inside `within` (the whole panel by
 * default); the innermost one when lists nest. Marked with a data attribute so that it can be
 * found again after the panel re-renders.
 */
export async function fieldByLabel(
	page: Page,
	label: RegExp,
	within: Locator = parameters(page),
): Promise<Locator> {
	const mark = await within.first().evaluate(
		(root, [source, flags]) => {
			const pattern = new RegExp(source, flags);
			const items = Array.from(root.querySelectorAll('[data-test-id="parameter-item"]')).filter(
				(item) => {
					const own = item.querySelector('[data-test-id="input-label"]') as HTMLElement | null;
					return (
						(item as HTMLElement).offsetParent !== null &&
						pattern.test(own?.innerText.split('\n')[0].trim() ?? '')
					);
				},
			);
			const field = items[items.length - 1];
			if (!field) return '';
			const id = `field-${Date.now()}-${Math.random().toString(36).slice(2)}`;
			field.setAttribute('data-editor-check', id);
			return id;
		},
		[label.source, label.flags],
	);
	if (!mark) throw new Error(`The panel shows no field labelled ${label}`);
	return parameters(page).locator(`[data-editor-check="${mark}"]`);
}

/** What a field shows as its value: the chosen entry of a dropdown, or the text typed in. */
export async function shownValue(field: Locator): Promise<string> {
	// A resource locator shows its mode ("From list") in an input of its own, before the value.
	const locatorInput = field.locator(
		'input[data-test-id="rlc-input"], [data-test-id="rlc-input"] input',
	);
	const input = (await locatorInput.count()) > 0 ? locatorInput : field.locator('input, textarea');
	return (await input.first().inputValue()).trim();
}

/** Whether a field is in expression mode (n8n's inline expression editor instead of the input). */
export async function isExpression(field: Locator): Promise<boolean> {
	return (await field.getByTestId('inline-expression-editor-input').count()) > 0;
}

/** Open a field's dropdown (a plain dropdown or a resource locator's list); its entries. */
async function openDropdown(page: Page, field: Locator): Promise<Locator> {
	const locatorInput = field.getByTestId('rlc-input');
	if ((await locatorInput.count()) > 0) {
		await locatorInput.first().click();
		// Only the open list's entries: a list opened earlier may still be in the page, hidden.
		const entries = page.getByTestId('rlc-item').filter({ visible: true });
		try {
			await entries.first().waitFor({ timeout: 10_000 });
		} catch {
			throw new Error(`${await fieldLabel(field)} lists nothing to choose from`);
		}
		// The list may show the chosen entry first and the search results a moment later: wait
		// until the number of entries holds still.
		let count = await entries.count();
		for (let steady = 0, tries = 0; steady < 2 && tries < 20; tries++) {
			await page.waitForTimeout(400);
			const now = await entries.count();
			steady = now === count ? steady + 1 : 0;
			count = now;
		}
		return entries;
	}
	const select = field.locator('.el-select, input').first();
	const list = openList(page);
	// A dropdown that has just appeared may still be loading and drop the first click: try twice.
	for (let attempt = 1; ; attempt++) {
		await settle(page);
		await select.click();
		try {
			await list.waitFor({ timeout: 5000 });
			return list.locator('.el-select-dropdown__item');
		} catch {
			if (attempt === 2) {
				const label = await fieldLabel(field);
				throw new Error(`${label} is not a dropdown: it opens no list to choose from`);
			}
		}
	}
}

/**
 * The entries a field's dropdown offers, by their labels (a description line is left out); with
 * `which: 'disabled'`, the entries it lists but does not let be chosen instead.
 */
export async function listEntriesOf(
	page: Page,
	field: Locator,
	which: 'offered' | 'disabled' = 'offered',
): Promise<string[]> {
	return (await listEntryStates(page, field))[which];
}

/** Each entry of an open list: its label (a description line left out) and whether it is disabled. */
async function readEntries(entries: Locator): Promise<Array<{ label: string; disabled: boolean }>> {
	return await entries.evaluateAll((items) =>
		items.map((item) => ({
			label: (item as HTMLElement).innerText.split('\n')[0].trim(),
			disabled: item.classList.contains('is-disabled'),
		})),
	);
}

/**
 * The entries a field's dropdown offers and those it lists but does not let be chosen, by their
 * labels, from one opening of the list.
 */
export async function listEntryStates(
	page: Page,
	field: Locator,
): Promise<{ offered: string[]; disabled: string[] }> {
	const entries = await openDropdown(page, field);
	const items = (await readEntries(entries)).filter((item) => item.label !== '');
	await closeList(page, field, entries);
	return {
		offered: items.filter((item) => !item.disabled).map((item) => item.label),
		disabled: items.filter((item) => item.disabled).map((item) => item.label),
	};
}

/**
 * Choose from a field's dropdown, opened once: `pick` names the entry to choose among the labels
 * the list offers, or none, and then the list is closed again. What the list offered, and the
 * entry chosen.
 */
export async function chooseFrom(
	page: Page,
	field: Locator,
	pick: (offered: string[]) => string | undefined,
): Promise<{ offered: string[]; chosen?: string }> {
	const entries = await openDropdown(page, field);
	const items = await readEntries(entries);
	const offered = items.filter((item) => !item.disabled && item.label !== '').map((e) => e.label);
	const chosen = pick(offered);
	if (chosen === undefined) {
		await closeList(page, field, entries);
		return { offered };
	}
	await entries.nth(items.findIndex((item) => !item.disabled && item.label === chosen)).click();
	await settle(page);
	return { offered, chosen };
}

/**
 * Close a field's open list. Escape closes a plain dropdown, but a searchable list (a resource
 * locator's: Shop, Product) ignores Escape and closes, as n8n's editor makes it, on a click
 * outside it: pressed alone, Escape left it open and the wait for it to close took 20 s each time.
 */
async function closeList(page: Page, field: Locator, entries: Locator): Promise<void> {
	// Only while the list is open: Escape on the panel itself closes the panel.
	if (!(await entries.first().isVisible())) return;
	if ((await field.getByTestId('rlc-input').count()) > 0) {
		// A click on the page outside the list (n8n's onClickOutside listens on the window).
		await page.evaluate(() => {
			document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
			document.body.dispatchEvent(new MouseEvent('click', { bubbles: true }));
		});
	} else {
		await page.keyboard.press('Escape');
	}
	await entries
		.first()
		.waitFor({ state: 'hidden', timeout: 5000 })
		.catch(() => undefined);
}

/** Choose the entry labelled `label` from a field's dropdown. */
export async function choose(page: Page, field: Locator, label: string): Promise<void> {
	const entries = await openDropdown(page, field);
	const labels = await entries.evaluateAll((items) =>
		items.map((item) => (item as HTMLElement).innerText.split('\n')[0].trim()),
	);
	const index = labels.indexOf(label);
	if (index < 0) throw new Error(`No entry "${label}" in the list: ${labels.join(', ')}`);
	await entries.nth(index).click();
	await settle(page);
}

/**
 * Add one entry to every empty list of the panel ("Add Design", "Add Print", ...), as a merchant
 * does to fill it in: the fields inside only show their problems once an entry exists. Lists that
 * offer several kinds of entry get the first kind. Runs `rounds` times for lists inside lists.
 */
export async function addOneEntryToEachList(page: Page, rounds = 2): Promise<void> {
	const clicked = new Set<string>();
	for (let round = 0; round < rounds; round++) {
		const buttons = parameters(page).getByTestId('fixed-collection-add');
		const count = await buttons.count();
		let added = false;
		for (let i = 0; i < count; i++) {
			const button = buttons.nth(i);
			if (!(await button.isVisible())) continue;
			const key = await button.evaluate((element) => {
				const path: string[] = [];
				for (let node: Element | null = element; node; node = node.parentElement) {
					const id = node.getAttribute('data-test-id');
					if (id?.startsWith('fixed-collection-')) path.push(id);
				}
				return path.join('/');
			});
			if (clicked.has(key)) continue;
			clicked.add(key);
			await button.click();
			const kinds = openList(page);
			if (await kinds.isVisible().catch(() => false)) {
				await kinds.locator('.el-select-dropdown__item').first().click();
			}
			added = true;
			await settle(page);
		}
		if (!added) break;
	}
}

/**
 * Every problem the open panel shows: the red issue icons next to fields (their text is read
 * from the tooltip a merchant sees on hover) and dropdowns that say their options could not be
 * fetched. The field is named by its label, with the labels of the lists it sits in.
 */
export async function panelProblems(page: Page, where: string): Promise<Problem[]> {
	const problems: Problem[] = [];
	const issueIcons = parameters(page).getByTestId('parameter-issues');
	for (let i = 0; i < (await issueIcons.count()); i++) {
		const icon = issueIcons.nth(i);
		if (!(await icon.isVisible())) continue;
		const field = await fieldLabel(icon);
		await icon.locator('span').first().hover();
		// n8n's tooltips mark themselves data-state="delayed-open" (or "instant-open") while shown.
		const tooltip = page
			.locator('[data-state$="open"]')
			.filter({ hasText: /^\s*Issues/ })
			.last();
		let text: string;
		try {
			await tooltip.waitFor({ timeout: 5000 });
			text = (await tooltip.innerText()).replace(/^\s*Issues:\s*/, '');
		} catch {
			text = 'an issue icon whose text could not be read';
		}
		for (const message of text.split(/\n+/).map((line) => line.replace(/^[-\s]+/, '').trim())) {
			if (message) problems.push({ where, field, message });
		}
		await page.mouse.move(0, 0);
		await tooltip.waitFor({ state: 'hidden', timeout: 3000 }).catch(() => undefined);
	}
	const inputs = parameters(page).locator('input');
	const optionErrors = await inputs.evaluateAll((elements, marker) => {
		const found: number[] = [];
		elements.forEach((element, index) => {
			const input = element as HTMLInputElement;
			const shown = input.offsetParent !== null;
			if (shown && `${input.placeholder} ${input.value}`.includes(marker)) found.push(index);
		});
		return found;
	}, OPTIONS_ERROR);
	for (const index of optionErrors) {
		const input = inputs.nth(index);
		const shown = await input.evaluate(
			(e) => (e as HTMLInputElement).placeholder || (e as HTMLInputElement).value,
		);
		const field = await fieldLabel(input);
		// The issue icon beside such a dropdown says why; report the two as one problem.
		const why = problems.find(
			(p) => p.field === field && /loading the parameter options/.test(p.message),
		);
		if (why) why.message = `${shown}: ${why.message}`;
		else problems.push({ where, field, message: shown });
	}
	return dedupe(problems);
}

/** A field's label, prefixed by the labels of the lists it sits in: "Designs › Product". */
async function fieldLabel(element: Locator): Promise<string> {
	return await element.evaluate((start) => {
		const labels: string[] = [];
		for (let node: Element | null = start; node; node = node.parentElement) {
			if (node.getAttribute('data-test-id') !== 'parameter-item') continue;
			const label = node.querySelector('[data-test-id="input-label"]') as HTMLElement | null;
			const text = label?.innerText.split('\n')[0].trim();
			if (text && labels[0] !== text) labels.unshift(text);
		}
		return labels.join(' › ') || '(unlabelled field)';
	});
}

function dedupe(problems: Problem[]): Problem[] {
	const seen = new Set<string>();
	return problems.filter((problem) => {
		const key = `${problem.where}|${problem.field}|${problem.message}`;
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}
