/**
 * The sandbox's kinder behaviours: each a guarantee the contract does not give, a named boolean
 * option, off by default (the contract's plainest reading). This list is the one home of their
 * names: `SandboxOptions`, `SANDBOX_OPTIONS=all` (launch-env.ts), the command line's `--option`
 * and sandbox/README.md's options table all read it. It imports nothing, so the command line can
 * check its input before it loads the sandbox.
 */

/**
 * Every kinder behaviour, in the order of sandbox/README.md's table. A new one is added here (and
 * in that table); nothing else lists them.
 */
export const KIND_OPTION_NAMES = [
	/** A SKU text per colour/size pair (ProductSku.sku), filterable and orderable. */
	'variantSkuTexts',
	/** `GET .../orders/{id}` answers the expanded order, not the basic record. */
	'expandedOrderRead',
	/** Deliveries carry `x-platform-delivery-id`, the same on retries and redeliveries. */
	'deliveryIdHeader',
	/** `pagedData` also carries `totalPages`, `number` and `size`. */
	'pagingDetails',
	/** A second webhook subscription with the same address and topic in a shop is 409. */
	'refuseRepeatedSubscription',
	/** Session tokens are issued as `<uuid>.<suffix>` (a routing suffix the Creator must not see). */
	'routingSuffix',
	/** `GET /auth` with a session token and no Basic credentials answers that session's details. */
	'sessionDetailsByToken',
	/** A second order of a shop with the same `uniqueId` (deferred, incremental, CSV) is 409. */
	'refuseRepeatedUniqueId',
	/** A template product without `assignedColor{id}` or `assignedSize{id}` is 400. */
	'refuseTemplateWithoutVariant',
	/** `GET .../templateProducts` lists the shop's template products (a path the contract does not list). */
	'templateProductList',
	/** `GET .../sharedProducts/{id or uuid}`, and the `self` link that names it. */
	'sharedProductById',
	/** `GET .../shops/{shopId}/tags` and `.../categories`. */
	'shopTagAndCategoryLists',
	/** `GET .../motives/{motiveId}/assignedCategories` (the contract lists only the POST). */
	'motiveCategoryList',
	/** `DELETE` of a motive's technology assignment, tag and translation. */
	'motiveRemovals',
	/** `POST .../orderCsvImport` also takes the file as a raw `text/csv` body, not only multipart. */
	'csvRawUpload',
	/** A motive record also carries `hasBitmap` and embeds its `technologies` and `tags`. */
	'motiveDetails',
	/** A CSV import record also counts its lines: `linesTotal` and `linesFailed`. */
	'csvImportLineCounts',
	/** A layer's `rgbColor` of three hex digits (`#F00`) is 400: only six are taken. */
	'refuseShortRgbColor',
	/** A design element under a key the service does not know is 400, not dropped from the design. */
	'refuseUnknownDesignElement',
	/**
	 * An ordered product also carries what was ordered: `productId`, `templateProductId`, colour,
	 * size, `productSku`, `sku`, `price`, `created`, `compositions` (the contract: `id`, `amount`,
	 * Atom links).
	 */
	'orderedProductDetails',
] as const;

export type KindOptionName = (typeof KIND_OPTION_NAMES)[number];

/** Each kinder behaviour on or off; every one is off unless asked for. */
export type KindOptions = Record<KindOptionName, boolean>;

export function isKindOptionName(name: string): name is KindOptionName {
	return (KIND_OPTION_NAMES as readonly string[]).includes(name);
}

/** Every option off: the contract's plainest reading. */
export function plainOptions(): KindOptions {
	return Object.fromEntries(KIND_OPTION_NAMES.map((name) => [name, false])) as KindOptions;
}

/**
 * The options a list names: `all`, or option names separated by commas (spaces allowed, empty
 * = none). An unknown name throws, naming `source`, the name and the accepted ones.
 */
export function readOptionList(text: string, source: string): Partial<KindOptions> {
	const names = text
		.split(',')
		.map((name) => name.trim())
		.filter((name) => name !== '');
	if (names.length === 1 && names[0] === 'all') {
		return Object.fromEntries(KIND_OPTION_NAMES.map((name) => [name, true]));
	}
	const chosen: Partial<KindOptions> = {};
	for (const name of names) {
		if (!isKindOptionName(name)) {
			throw new Error(
				`${source}: unknown sandbox option ${JSON.stringify(name)}; accepted: all, or a comma list of ${KIND_OPTION_NAMES.join(', ')}`,
			);
		}
		chosen[name] = true;
	}
	return chosen;
}
