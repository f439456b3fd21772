/** Batch order import from a CSV file of exactly the contract's 54 columns. */

import { parse } from 'csv-parse/sync';

import { requireShop } from './auth';
import { nowIso } from './clock';
import { atomLink } from './codec';
import type { SandboxState, ServiceContext } from './context';
import { ApiError, badRequest, notFound } from './errors';
import { shopUrl } from './links';
import { isMultipart, parseMultipart } from './multipart';
import {
	buildDesignItem,
	CSV_ADDRESS_FIELDS,
	readCustomer,
	readShipping,
	resolveCountry,
} from './order-input';
import { assertUniqueIdFree } from './orders';
import { pagedList } from './paging';
import { ok, type Router } from './router';
import type { CsvImport, CsvImportLine, Order, Product, ProductSku, Shop } from './types';

const ADDRESS_SUFFIXES = [
	'first name',
	'last name',
	'name',
	'street',
	'street no',
	'city',
	'country name',
	'country code',
	'zip',
	'state name',
	'state code',
	'phone',
	'email',
];

export const CSV_HEADERS = [
	'order group id',
	'uniqueId',
	'countryId',
	'shipping carrier Id',
	'orderShippingCode',
	'orderShippingTitle',
	'orderShippingPrice',
	'orderShippingCodPrice',
	'orderShippingOrderValue',
	'customer first name',
	'customer last name',
	'customer email',
	'customer phone',
	...ADDRESS_SUFFIXES.map((s) => `customer billing address ${s}`),
	...ADDRESS_SUFFIXES.map((s) => `customer shipping address ${s}`),
	'design group id',
	'design product id',
	'design product sku',
	'design amount',
	'composition group id',
	'product area id',
	'product area name',
	'element motive id',
	'element motive url',
	'position left',
	'position right',
	'position top',
	'position bottom',
	'position horizontal center',
	'position vertical center',
];

interface CsvFormat {
	delimiter: string;
	quote: string;
	decimal: ',' | '.';
	encoding: string;
}

interface CsvRow {
	lineNumber: number;
	get(column: string): string;
}

/** A row-level validation failure, pinned to the line that caused it. */
class LineError extends Error {
	constructor(
		readonly lineNumber: number,
		message: string,
	) {
		super(message);
	}
}

function readFormat(ctx: ServiceContext): CsvFormat {
	// The contract's two formats: European (";", the default) and UK/US (",").
	const separator = ctx.query.get('separator') || ';';
	const allowed: Record<string, string> = { ';': ';', ',': ',' };
	const delimiter = allowed[separator];
	if (!delimiter)
		throw badRequest('Invalid parameter separator', 'Use ";" (European, default) or "," (UK/US)');
	const quote = ctx.query.get('quote') || '"';
	if (quote.length !== 1 || quote === delimiter)
		throw badRequest(
			'Invalid parameter quote',
			'quote must be one character other than the separator',
		);
	const encoding = (ctx.query.get('encoding') || 'utf-8').toLowerCase();
	try {
		new TextDecoder(encoding);
	} catch {
		throw badRequest('Invalid parameter encoding', `Unknown encoding ${encoding}`);
	}
	// UK/US files use "," between values and "." for decimals; European ones ";" and ",".
	return { delimiter, quote, decimal: delimiter === ',' ? '.' : ',', encoding };
}

function readUpload(ctx: ServiceContext): { fileName: string; data: Buffer } {
	const contentType = ctx.headers['content-type'];
	if (isMultipart(contentType)) {
		const part = parseMultipart(ctx.rawBody, contentType).find((p) => p.name === 'file');
		if (!part) throw badRequest('Multipart field "file" is required');
		return { fileName: part.filename || 'import.csv', data: part.data };
	}
	// The field notes leave the upload's form open and advise multipart with field `file`; a raw
	// CSV body is option csvRawUpload.
	if (
		ctx.sandbox.kind.csvRawUpload &&
		contentType &&
		/^(text\/(csv|plain)|application\/(csv|octet-stream))/i.test(contentType)
	) {
		return { fileName: ctx.query.get('fileName') || 'import.csv', data: ctx.rawBody };
	}
	throw badRequest(
		ctx.sandbox.kind.csvRawUpload
			? 'Upload the CSV as multipart/form-data (field "file") or as a text/csv body'
			: 'Upload the CSV as multipart/form-data (field "file")',
	);
}

function decimalValue(
	text: string,
	format: CsvFormat,
	column: string,
	lineNumber: number,
): number | undefined {
	if (text === '') return undefined;
	const normalised =
		format.decimal === ',' ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
	const value = Number(normalised);
	if (Number.isNaN(value)) throw new LineError(lineNumber, `${column}: "${text}" is not a number`);
	return value;
}

function positionValue(text: string, format: CsvFormat): string | undefined {
	if (text === '') return undefined;
	return format.decimal === ',' ? text.replace(',', '.') : text;
}

function address(row: CsvRow, prefix: string) {
	const get = (suffix: string) => row.get(`${prefix} ${suffix}`) || undefined;
	return {
		firstName: get('first name'),
		lastName: get('last name'),
		company: get('name'),
		street: get('street'),
		streetNo: get('street no'),
		city: get('city'),
		countryName: get('country name'),
		countryCode: get('country code'),
		zip: get('zip'),
		stateName: get('state name'),
		stateCode: get('state code'),
		phone: get('phone'),
		email: get('email'),
	};
}

function groupBy(rows: CsvRow[], column: string): Map<string, CsvRow[]> {
	const groups = new Map<string, CsvRow[]>();
	for (const row of rows) {
		const key = row.get(column);
		groups.set(key, [...(groups.get(key) ?? []), row]);
	}
	return groups;
}

function areaIdFor(product: Product, row: CsvRow): number | undefined {
	const id = row.get('product area id');
	if (id) {
		if (!/^\d+$/.test(id))
			throw new LineError(row.lineNumber, `product area id "${id}" is not a number`);
		return Number(id);
	}
	const name = row.get('product area name').toLowerCase();
	if (!name) return undefined;
	for (const view of product.views) {
		for (const area of view.areas) {
			if (area.name.toLowerCase() === name || view.position.toLowerCase() === name) return area.id;
		}
	}
	throw new LineError(
		row.lineNumber,
		`product area name "${row.get('product area name')}" is not an area of product ${product.id}`,
	);
}

function motiveElement(row: CsvRow, format: CsvFormat) {
	const motiveId = row.get('element motive id');
	const url = row.get('element motive url');
	if (!motiveId && !url) return undefined;
	if (motiveId && !/^\d+$/.test(motiveId))
		throw new LineError(row.lineNumber, `element motive id "${motiveId}" is not a number`);
	const bool = (column: string) => {
		const value = row.get(column).toLowerCase();
		if (value === '') return undefined;
		if (value !== 'true' && value !== 'false')
			throw new LineError(row.lineNumber, `${column} must be true or false`);
		return value === 'true';
	};
	return {
		creatorse_designElementMotive: {
			motive: motiveId ? { id: Number(motiveId) } : undefined,
			url: motiveId ? undefined : url,
			position: {
				left: positionValue(row.get('position left'), format),
				right: positionValue(row.get('position right'), format),
				top: positionValue(row.get('position top'), format),
				bottom: positionValue(row.get('position bottom'), format),
				horizontalCenter: bool('position horizontal center') ? true : undefined,
				verticalCenter: bool('position vertical center') ? true : undefined,
			},
		},
	};
}

/**
 * The product and variant a design group orders. `design product sku` is the product's own SKU
 * (contract: an alternative to `design product id`); with the extension `variantSkuTexts` it may
 * also be a variant SKU text, which names the colour and size too. The CSV has no colour or size
 * column, so otherwise the product's first available SKU (its default variant) is ordered.
 */
function designVariant(
	sandbox: SandboxState,
	shop: Shop,
	first: CsvRow,
): { product: Product; variant: ProductSku } {
	const productIdText = first.get('design product id');
	const skuText = first.get('design product sku');
	if (productIdText && !/^\d+$/.test(productIdText))
		throw new LineError(first.lineNumber, `design product id "${productIdText}" is not a number`);
	if (!productIdText && !skuText)
		throw new LineError(first.lineNumber, 'design product id or design product sku is required');
	let product = productIdText ? sandbox.store.products.get(Number(productIdText)) : undefined;
	if (productIdText && (!product || product.shopId !== shop.id || product.deleted))
		throw new LineError(
			first.lineNumber,
			`design product id ${productIdText} is not a product of shop ${shop.id}`,
		);
	let variant: ProductSku | undefined;
	if (skuText) {
		const candidates = product
			? [product]
			: [...sandbox.store.products.values()].filter((p) => p.shopId === shop.id && !p.deleted);
		const own = candidates.find((p) => p.sku === skuText);
		if (own) product = own;
		else {
			const hit = sandbox.variantSkuTexts
				? candidates
						.flatMap((p) => p.skus.map((s) => ({ product: p, variant: s })))
						.find((pair) => pair.variant.sku === skuText)
				: undefined;
			if (!hit) {
				const owner = product
					? `product ${product.id} (design product id)`
					: `any product of shop ${shop.id}`;
				throw new LineError(
					first.lineNumber,
					`design product sku "${skuText}" is not the SKU of ${owner}${sandbox.variantSkuTexts ? ' nor a variant SKU of it' : ''}; see GET .../products`,
				);
			}
			({ product, variant } = hit);
		}
	}
	const ordered = product as Product;
	variant ??= ordered.skus.find((s) => s.available);
	if (!variant)
		throw new LineError(
			first.lineNumber,
			`product ${ordered.id} has no available SKU to order; see GET .../products/${ordered.id}/sku`,
		);
	return { product: ordered, variant };
}

/** Turns the rows of one design group into the mapped `creatorse_design` the API would take. */
function designInput(sandbox: SandboxState, shop: Shop, rows: CsvRow[], format: CsvFormat) {
	const first = rows[0];
	const { product, variant } = designVariant(sandbox, shop, first);
	const amountText = first.get('design amount') || '1';
	if (!/^\d+$/.test(amountText) || Number(amountText) < 1)
		throw new LineError(
			first.lineNumber,
			`design amount "${amountText}" must be a positive integer`,
		);
	const compositions = [
		...groupBy(
			rows.filter((r) => r.get('composition group id')),
			'composition group id',
		).values(),
	].map((compositionRows) => ({
		productArea: { id: areaIdFor(product, compositionRows[0]) },
		elements: compositionRows.map((r) => motiveElement(r, format)).filter((e) => e !== undefined),
	}));
	// Colour and size as the resolved variant's, so the order checks the same things an API
	// design with productId, assignedColor and assignedSize gets (availability among them).
	return {
		productId: product.id,
		amount: Number(amountText),
		assignedColor: { id: variant.assignedColorId },
		assignedSize: { id: variant.assignedSizeId },
		compositions: { creatorse_composition: compositions },
	};
}

function asLineError(error: unknown, lineNumber: number): LineError {
	if (error instanceof LineError) return error;
	const detail =
		error instanceof ApiError
			? [error.message, error.internalErrorMessage].filter(Boolean).join(': ')
			: String(error);
	return new LineError(lineNumber, detail);
}

/** Builds and stores the order of one order group; throws a LineError naming the culprit line. */
function importOrderGroup(
	sandbox: SandboxState,
	shop: Shop,
	rows: CsvRow[],
	format: CsvFormat,
): Order {
	const first = rows[0];
	const atLine = <T>(lineNumber: number, build: () => T): T => {
		let failure: LineError | undefined;
		let result: T | undefined;
		try {
			result = build();
		} catch (error) {
			failure = asLineError(error, lineNumber);
		}
		if (failure) throw failure;
		return result as T;
	};
	const countryText = first.get('countryId');
	if (!/^\d+$/.test(countryText))
		throw new LineError(first.lineNumber, `countryId "${countryText}" must be a country id`);
	const country = atLine(first.lineNumber, () =>
		resolveCountry(sandbox, { id: Number(countryText) }),
	);
	const carrierText = first.get('shipping carrier Id');
	if (carrierText && !/^\d+$/.test(carrierText))
		throw new LineError(first.lineNumber, `shipping carrier Id "${carrierText}" is not a number`);
	const shipping = atLine(first.lineNumber, () =>
		readShipping(sandbox, {
			title: first.get('orderShippingTitle') || undefined,
			carrier: carrierText ? { id: Number(carrierText) } : undefined,
		}),
	);
	shipping.code = first.get('orderShippingCode') || undefined;
	shipping.price = decimalValue(
		first.get('orderShippingPrice'),
		format,
		'orderShippingPrice',
		first.lineNumber,
	);
	shipping.codPrice = decimalValue(
		first.get('orderShippingCodPrice'),
		format,
		'orderShippingCodPrice',
		first.lineNumber,
	);
	shipping.orderValue = decimalValue(
		first.get('orderShippingOrderValue'),
		format,
		'orderShippingOrderValue',
		first.lineNumber,
	);
	const customer = atLine(first.lineNumber, () =>
		readCustomer(
			{
				firstName: first.get('customer first name') || undefined,
				lastName: first.get('customer last name') || undefined,
				email: first.get('customer email') || undefined,
				phone: first.get('customer phone') || undefined,
				billingAddress: address(first, 'customer billing address'),
				shippingAddress: address(first, 'customer shipping address'),
			},
			CSV_ADDRESS_FIELDS,
		),
	);
	if (!customer?.shippingAddress)
		throw new LineError(first.lineNumber, 'customer shipping address is required');
	const uniqueId = first.get('uniqueId') || undefined;
	atLine(first.lineNumber, () => assertUniqueIdFree(sandbox, shop, uniqueId));

	const orderId = sandbox.store.nextId('order');
	const designRows = rows.filter((r) => r.get('design group id'));
	if (designRows.length === 0)
		throw new LineError(
			first.lineNumber,
			'design group id is required: an order needs at least one design',
		);
	const orderedProducts = [...groupBy(designRows, 'design group id').values()].map((group) =>
		atLine(group[0].lineNumber, () =>
			buildDesignItem(
				sandbox,
				shop,
				orderId,
				country.id,
				designInput(sandbox, shop, group, format),
				'design',
			),
		),
	);
	const order: Order = {
		id: orderId,
		accountId: shop.accountId,
		shopId: shop.id,
		uniqueId,
		origin: 'csv',
		created: nowIso(sandbox.clock),
		financialStatus: 'PENDING',
		committed: false,
		handedOff: false,
		customer,
		countryId: country.id,
		shipping,
		orderedProducts,
		passthroughItems: [],
		fulfillments: [],
		deleted: false,
		childOrderIds: [],
	};
	sandbox.lifecycle.register(order);
	sandbox.lifecycle.scheduleDeferredProcessing(order);
	return order;
}

function processImport(
	sandbox: SandboxState,
	shop: Shop,
	job: CsvImport,
	data: Buffer,
	format: CsvFormat,
): void {
	const finish = (errorMessage?: string) => {
		job.processed = true;
		job.processedDate = nowIso(sandbox.clock);
		job.error = !!errorMessage;
		job.errorMessage = errorMessage;
	};
	let records: Array<{ record: string[]; info: { lines: number } }>;
	try {
		const text = new TextDecoder(format.encoding).decode(data).replace(/^\uFEFF/, '');
		records = parse(text, {
			delimiter: format.delimiter,
			quote: format.quote,
			info: true,
			relax_column_count: true,
			skip_empty_lines: true,
			bom: true,
		}) as unknown as Array<{ record: string[]; info: { lines: number } }>;
	} catch (error) {
		finish(`CSV could not be parsed: ${(error as Error).message}`);
		return;
	}
	if (records.length === 0) return finish('The file is empty');
	// Contract: "All 54 columns must be present as headers, in exactly this order": each header
	// is the column's name exactly, no other case, no surrounding space.
	const header = records[0].record;
	if (header.length !== CSV_HEADERS.length) {
		return finish(`Expected ${CSV_HEADERS.length} columns, found ${header.length}`);
	}
	const mismatch = CSV_HEADERS.findIndex((name, i) => header[i] !== name);
	if (mismatch >= 0) {
		return finish(
			`Column ${mismatch + 1} must be "${CSV_HEADERS[mismatch]}", found "${header[mismatch]}"`,
		);
	}
	const rows: CsvRow[] = [];
	const lineResult = (lineNumber: number, orderGroupId: string): CsvImportLine => ({
		id: sandbox.store.nextId('csvLine'),
		lineNumber,
		orderGroupId,
		ok: false,
	});
	for (const { record, info } of records.slice(1)) {
		if (record.length !== CSV_HEADERS.length) {
			job.lines.push({
				...lineResult(info.lines, record[0] ?? ''),
				errorMessage: `Expected ${CSV_HEADERS.length} values, found ${record.length}`,
			});
			continue;
		}
		const values = record.map((v) => v.trim());
		if (!values[0]) {
			job.lines.push({ ...lineResult(info.lines, ''), errorMessage: 'order group id is required' });
			continue;
		}
		rows.push({
			lineNumber: info.lines,
			get: (column) => values[CSV_HEADERS.indexOf(column)] ?? '',
		});
	}
	for (const [groupId, groupRows] of groupBy(rows, 'order group id')) {
		let order: Order | undefined;
		let failure: LineError | undefined;
		try {
			order = importOrderGroup(sandbox, shop, groupRows, format);
		} catch (error) {
			failure = asLineError(error, groupRows[0].lineNumber);
		}
		for (const row of groupRows) {
			const line = lineResult(row.lineNumber, groupId);
			line.uniqueId = row.get('uniqueId') || groupRows[0].get('uniqueId') || undefined;
			if (order) {
				line.ok = true;
				line.orderId = order.id;
			} else if (failure) {
				line.errorMessage =
					row.lineNumber === failure.lineNumber
						? failure.message
						: `Order group ${groupId} was not imported; see line ${failure.lineNumber}`;
			}
			job.lines.push(line);
		}
	}
	job.lines.sort((a, b) => a.lineNumber - b.lineNumber);
	const failed = job.lines.filter((l) => !l.ok).length;
	finish(failed ? `${failed} of ${job.lines.length} lines failed` : undefined);
}

function importBody(sandbox: SandboxState, job: CsvImport) {
	const self = `${shopUrl(sandbox, job.accountId, job.shopId)}/orderCsvImport/${job.id}`;
	return {
		id: job.id,
		fileName: job.fileName,
		createdDate: job.createdDate,
		processedDate: job.processedDate,
		processed: job.processed,
		error: job.error,
		errorMessage: job.errorMessage,
		// The field notes' record ends at errorMessage; the counts only with csvImportLineCounts.
		...(sandbox.kind.csvImportLineCounts
			? {
					linesTotal: job.lines.length,
					linesFailed: job.lines.filter((l) => !l.ok).length,
				}
			: {}),
		'atom.link': [atomLink('self', self), atomLink('lines', `${self}/lines`)],
	};
}

function requireImport(ctx: ServiceContext, shop: Shop): CsvImport {
	const job = ctx.sandbox.store.csvImports.get(Number(ctx.params.importId));
	if (!job || job.deleted || job.shopId !== shop.id) throw notFound('CSV import not found');
	return job;
}

export function registerCsvRoutes(router: Router<ServiceContext>): void {
	const base = '/accounts/:accountId/shops/:shopId/orderCsvImport';

	// Stores the file and answers at once; the lines are processed one delay later.
	router.post(base, (ctx) => {
		const shop = requireShop(ctx, { write: true });
		const format = readFormat(ctx);
		const { fileName, data } = readUpload(ctx);
		if (data.length === 0) throw badRequest('The CSV file is empty');
		const job: CsvImport = {
			id: ctx.sandbox.store.nextId('csvImport'),
			accountId: shop.accountId,
			shopId: shop.id,
			fileName,
			createdDate: nowIso(ctx.sandbox.clock),
			processed: false,
			error: false,
			deleted: false,
			lines: [],
		};
		ctx.sandbox.store.csvImports.set(job.id, job);
		const { sandbox } = ctx;
		sandbox.scheduler.after(sandbox.deferredProcessingMs, () => {
			if (sandbox.store.csvImports.get(job.id) === job)
				processImport(sandbox, shop, job, data, format);
		});
		return ok({ productionOrderCsvImport: importBody(sandbox, job) });
	});

	router.get(base, (ctx) => {
		const shop = requireShop(ctx);
		const records = [...ctx.sandbox.store.csvImports.values()].filter((j) => j.shopId === shop.id);
		return pagedList(ctx, {
			records,
			filterRoot: 'productionOrderCsvImportFilter',
			itemName: 'productionOrderCsvImport',
			represent: (job) => importBody(ctx.sandbox, job),
		});
	});

	router.get(`${base}/:importId`, (ctx) =>
		ok({ productionOrderCsvImport: importBody(ctx.sandbox, requireImport(ctx, requireShop(ctx))) }),
	);

	router.get(`${base}/:importId/lines`, (ctx) => {
		const job = requireImport(ctx, requireShop(ctx));
		return pagedList(ctx, {
			records: job.lines,
			itemName: 'productionOrderCsvImportLine',
			represent: (line) => ({ ...line }),
		});
	});
}
