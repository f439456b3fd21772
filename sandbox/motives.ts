/** The shop motive catalog and the per-customer user motive library. */

import { randomUUID } from 'node:crypto';

import { requireSession, requireShop } from './auth';
import { nowIso } from './clock';
import { atomLink, readObject, readRefId, readString } from './codec';
import type { SandboxState, ServiceContext } from './context';
import { badRequest, conflict, notFound } from './errors';
import { sniffImage, tinyPng } from './images';
import { shopUrl } from './links';
import { localizationBody, readLanguage, sameLanguage } from './languages';
import { isMultipart, parseMultipart } from './multipart';
import type { KindOptions } from './options';
import { pagedList } from './paging';
import { noContent, ok, type Reply, type Router } from './router';
import { MOTIVE_TYPES, type Motive, type Shop, type StoredImage, type UserMotive } from './types';

function motiveUrl(sandbox: SandboxState, shop: Shop, motiveId: number): string {
	return `${shopUrl(sandbox, shop.accountId, shop.id)}/motives/${motiveId}`;
}

/**
 * A motive record: the field notes' `{id, uuid, name, type}`, `created`, and the links to its
 * relations (the contract's rels `image`, `preview`, `localizations`, `tags`, `technologies`). The
 * contract documents the basic/expanded split for products only and shows no further motive field,
 * so whether it has a bitmap and its technologies and tags inline come only with option
 * motiveDetails; without it a client reads the `technologies` and `tags` links.
 */
function motiveBody(sandbox: SandboxState, shop: Shop, motive: Motive) {
	const self = motiveUrl(sandbox, shop, motive.id);
	const details = sandbox.kind.motiveDetails
		? {
				hasBitmap: !!motive.image,
				technologies: {
					motivePrintTechnology: motive.technologies.map((t) => technologyBody(sandbox, t)),
				},
				tags: {
					tag: sandbox.store.tags
						.filter((t) => motive.tagIds.includes(t.id))
						.map((t) => ({ ...t })),
				},
			}
		: {};
	return {
		id: motive.id,
		uuid: motive.uuid,
		name: motive.name,
		type: motive.type,
		created: motive.created,
		...details,
		'atom.link': [
			atomLink('self', self),
			atomLink('image', `${self}/image`),
			atomLink('preview', `${self}/image`),
			atomLink('localizations', `${self}/localizations`),
			atomLink('tags', `${self}/tags`),
			atomLink('technologies', `${self}/technologies`),
		],
	};
}

function technologyBody(sandbox: SandboxState, assignment: Motive['technologies'][number]) {
	const technology = sandbox.store.printTechnologies.find(
		(t) => t.id === assignment.printTechnologyId,
	);
	return {
		id: assignment.id,
		printTechnology: { id: assignment.printTechnologyId, name: technology?.name },
	};
}

function readMotiveType(value: unknown, fallback: string): string {
	const type = readString(value) ?? fallback;
	if (!(MOTIVE_TYPES as readonly string[]).includes(type)) {
		throw badRequest('Unknown motive type', `Allowed: ${MOTIVE_TYPES.join(', ')}`);
	}
	return type;
}

function requireMotive(ctx: ServiceContext, shop: Shop): Motive {
	const motive = ctx.sandbox.store.motives.get(Number(ctx.params.motiveId));
	if (!motive || motive.deleted || motive.shopId !== shop.id) throw notFound('Motive not found');
	return motive;
}

/** Reads an uploaded bitmap: the multipart part `file`, or a raw image body. Only JPEG/PNG. */
function readUploadedImage(ctx: ServiceContext): StoredImage {
	const contentType = ctx.headers['content-type'];
	let data: Buffer;
	let filename = 'upload';
	if (isMultipart(contentType)) {
		const part = parseMultipart(ctx.rawBody, contentType).find((p) => p.name === 'file');
		if (!part) throw badRequest('Multipart field "file" is required');
		data = part.data;
		filename = part.filename || filename;
	} else if (contentType && /^image\//i.test(contentType)) {
		data = ctx.rawBody;
	} else {
		throw badRequest('Upload must be multipart/form-data with a file part named "file"');
	}
	const mime = sniffImage(data);
	if (!mime)
		throw badRequest(
			'Only JPEG and PNG bitmaps are accepted',
			'The file content is neither JPEG nor PNG',
		);
	return { mime, data, filename };
}

function imageReply(image: StoredImage | undefined): Reply {
	if (image) return { status: 200, raw: { body: image.data, contentType: image.mime } };
	return { status: 200, raw: { body: tinyPng([230, 120, 40]), contentType: 'image/png' } };
}

function registerShopMotiveRoutes(router: Router<ServiceContext>, kind: KindOptions): void {
	const base = '/accounts/:accountId/shops/:shopId/motives';
	const one = `${base}/:motiveId`;

	router.post(base, (ctx) => {
		const shop = requireShop(ctx, { write: true });
		const input = readObject(ctx.body().motive);
		if (!input) throw badRequest('Body must have the root key motive');
		const name = readString(input.name);
		if (!name) throw badRequest('motive.name is required');
		const motive: Motive = {
			id: ctx.sandbox.store.nextId('motive'),
			uuid: randomUUID(),
			shopId: shop.id,
			name,
			type: readMotiveType(input.type, 'HIGH_RESOLUTION_BITMAP'),
			created: nowIso(ctx.sandbox.clock),
			deleted: false,
			technologies: [],
			localizations: [],
			tagIds: [],
			categoryIds: [],
		};
		ctx.sandbox.store.motives.set(motive.id, motive);
		return ok({ motive: motiveBody(ctx.sandbox, shop, motive) });
	});

	const list = (ctx: ServiceContext) => {
		const shop = requireShop(ctx);
		const records = [...ctx.sandbox.store.motives.values()].filter((m) => m.shopId === shop.id);
		return pagedList(ctx, {
			records,
			filterRoot: 'motiveFilter',
			itemName: 'motive',
			represent: (m) => motiveBody(ctx.sandbox, shop, m),
		});
	};
	router.get(base, list);
	router.get('/accounts/:accountId/shops/:shopId/creator/motives', list);

	router.get(one, (ctx) => {
		const shop = requireShop(ctx);
		return ok({ motive: motiveBody(ctx.sandbox, shop, requireMotive(ctx, shop)) });
	});

	router.put(one, (ctx) => {
		const shop = requireShop(ctx, { write: true });
		const motive = requireMotive(ctx, shop);
		const input = readObject(ctx.body().motive);
		if (!input) throw badRequest('Body must have the root key motive');
		const name = readString(input.name);
		if (name !== undefined && !name) throw badRequest('motive.name must not be empty');
		motive.type = readMotiveType(input.type, motive.type);
		if (name) motive.name = name;
		return ok({ motive: motiveBody(ctx.sandbox, shop, motive) });
	});

	router.delete(one, (ctx) => {
		requireMotive(ctx, requireShop(ctx, { write: true })).deleted = true;
		return noContent();
	});

	router.post(`${one}/bitmap`, (ctx) => {
		const shop = requireShop(ctx, { write: true });
		const motive = requireMotive(ctx, shop);
		motive.image = readUploadedImage(ctx);
		return ok({ motive: motiveBody(ctx.sandbox, shop, motive) });
	});

	router.get(`${one}/image`, (ctx) => imageReply(requireMotive(ctx, requireShop(ctx)).image));

	router.get(`${one}/technologies`, (ctx) => {
		const motive = requireMotive(ctx, requireShop(ctx));
		return pagedList(ctx, {
			records: motive.technologies,
			itemName: 'motivePrintTechnology',
			represent: (t) => technologyBody(ctx.sandbox, t),
		});
	});

	router.post(`${one}/technologies`, (ctx) => {
		const motive = requireMotive(ctx, requireShop(ctx, { write: true }));
		const input = readObject(ctx.body().motivePrintTechnology);
		const technologyId = readRefId(input?.printTechnology);
		if (technologyId === undefined)
			throw badRequest('motivePrintTechnology.printTechnology.id is required');
		if (!ctx.sandbox.store.printTechnologies.some((t) => t.id === technologyId)) {
			throw badRequest(
				'Unknown print technology',
				`Known ids: ${ctx.sandbox.store.printTechnologies.map((t) => t.id).join(', ')}`,
			);
		}
		if (motive.technologies.some((t) => t.printTechnologyId === technologyId)) {
			throw conflict(
				'Print technology already assigned',
				`Motive ${motive.id} has technology ${technologyId}`,
			);
		}
		const assignment = { id: ctx.sandbox.store.nextId('misc'), printTechnologyId: technologyId };
		motive.technologies.push(assignment);
		return ok({ motivePrintTechnology: technologyBody(ctx.sandbox, assignment) });
	});

	router.get(`${one}/localizations`, (ctx) => {
		const motive = requireMotive(ctx, requireShop(ctx));
		return pagedList(ctx, {
			records: motive.localizations,
			itemName: 'motiveLocalized',
			represent: (l) => localizationBody(ctx.sandbox, l),
		});
	});

	// Adds a translation, or replaces the one of the same language. The contract does not show
	// this body: the sandbox takes the names the contract's vocabulary gives (README), and the
	// language in the form its records carry (languages.ts).
	router.post(`${one}/localizations`, (ctx) => {
		const motive = requireMotive(ctx, requireShop(ctx, { write: true }));
		const input = readObject(ctx.body().motiveLocalized);
		if (!input) throw badRequest('Body must have the root key motiveLocalized');
		const language = readLanguage(ctx.sandbox, input.langId, 'motiveLocalized.langId');
		const name = readString(input.name);
		if (!name) throw badRequest('motiveLocalized.name is required');
		const localization = {
			id: ctx.sandbox.store.nextId('misc'),
			...language,
			name,
			description: readString(input.description) ?? '',
		};
		motive.localizations = motive.localizations.filter((l) => !sameLanguage(l, language));
		motive.localizations.push(localization);
		return ok({ motiveLocalized: localizationBody(ctx.sandbox, localization) });
	});

	router.get(`${one}/tags`, (ctx) => {
		const motive = requireMotive(ctx, requireShop(ctx));
		return pagedList(ctx, {
			records: ctx.sandbox.store.tags.filter((t) => motive.tagIds.includes(t.id)),
			itemName: 'tag',
			represent: (t) => ({ ...t }),
		});
	});

	router.put(`${one}/tags/:tagId`, (ctx) => {
		const motive = requireMotive(ctx, requireShop(ctx, { write: true }));
		const tagId = Number(ctx.params.tagId);
		if (!ctx.sandbox.store.tags.some((t) => t.id === tagId)) throw notFound('Tag not found');
		if (!motive.tagIds.includes(tagId)) motive.tagIds.push(tagId);
		return noContent();
	});

	// The contract does not show this body either; its root is the entity the contract's
	// motiveAssignedToCategoryFilter names (README).
	router.post(`${one}/assignedCategories`, (ctx) => {
		const motive = requireMotive(ctx, requireShop(ctx, { write: true }));
		const input = readObject(ctx.body().motiveAssignedToCategory);
		if (!input) throw badRequest('Body must have the root key motiveAssignedToCategory');
		const categoryId = readRefId(input.category);
		const category = ctx.sandbox.store.categories.find((c) => c.id === categoryId);
		if (!category)
			throw badRequest('Unknown category', 'Body: motiveAssignedToCategory{category{id}}');
		if (motive.categoryIds.includes(category.id)) throw conflict('Category already assigned');
		motive.categoryIds.push(category.id);
		return ok({ motiveAssignedToCategory: { id: category.id, category: { ...category } } });
	});

	// Routes the contract does not list, each only with its option (sandbox/README.md, Options).
	if (kind.motiveRemovals) registerMotiveRemovals(router, one);
	if (kind.motiveCategoryList) registerMotiveCategoryList(router, one);
	if (kind.shopTagAndCategoryLists) registerShopTagAndCategoryLists(router);
}

/**
 * Option motiveRemovals: DELETE of a motive's technology, tag and translation. The contract lists
 * the assignments (POST technologies, PUT tags/{tagId}, "manage" localizations) and no removal.
 */
function registerMotiveRemovals(router: Router<ServiceContext>, one: string): void {
	router.delete(`${one}/technologies/:assignmentId`, (ctx) => {
		const motive = requireMotive(ctx, requireShop(ctx, { write: true }));
		const before = motive.technologies.length;
		motive.technologies = motive.technologies.filter(
			(t) => t.id !== Number(ctx.params.assignmentId),
		);
		if (motive.technologies.length === before) throw notFound('Technology assignment not found');
		return noContent();
	});

	router.delete(`${one}/tags/:tagId`, (ctx) => {
		const motive = requireMotive(ctx, requireShop(ctx, { write: true }));
		const tagId = Number(ctx.params.tagId);
		if (!motive.tagIds.includes(tagId)) throw notFound('Tag not assigned');
		motive.tagIds = motive.tagIds.filter((id) => id !== tagId);
		return noContent();
	});

	router.delete(`${one}/localizations/:localizationId`, (ctx) => {
		const motive = requireMotive(ctx, requireShop(ctx, { write: true }));
		const before = motive.localizations.length;
		motive.localizations = motive.localizations.filter(
			(l) => l.id !== Number(ctx.params.localizationId),
		);
		if (before === motive.localizations.length) throw notFound('Localization not found');
		return noContent();
	});
}

/**
 * Option motiveCategoryList: GET of a motive's categories. The contract lists only the POST that
 * assigns one, and no link names such a list.
 */
function registerMotiveCategoryList(router: Router<ServiceContext>, one: string): void {
	router.get(`${one}/assignedCategories`, (ctx) => {
		const motive = requireMotive(ctx, requireShop(ctx));
		return pagedList(ctx, {
			records: ctx.sandbox.store.categories.filter((c) => motive.categoryIds.includes(c.id)),
			itemName: 'motiveAssignedToCategory',
			represent: (c) => ({ id: c.id, category: { ...c } }),
		});
	});
}

/** Option shopTagAndCategoryLists: the shop's tags and categories, which the contract does not list. */
function registerShopTagAndCategoryLists(router: Router<ServiceContext>): void {
	router.get('/accounts/:accountId/shops/:shopId/tags', (ctx) => {
		requireShop(ctx);
		return pagedList(ctx, {
			records: ctx.sandbox.store.tags,
			itemName: 'tag',
			represent: (t) => ({ ...t }),
		});
	});

	router.get('/accounts/:accountId/shops/:shopId/categories', (ctx) => {
		requireShop(ctx);
		return pagedList(ctx, {
			records: ctx.sandbox.store.categories,
			itemName: 'category',
			represent: (c) => ({ ...c }),
		});
	});
}

// ---------------------------------------------------------------------------------------------
// User motives

/** The permanent library of the login's customer key, or else the session's own library. */
function libraryKey(ctx: ServiceContext): string {
	const { session } = requireSession(ctx);
	return session.customerKey ? `customer:${session.customerKey}` : `session:${session.token}`;
}

function userMotiveBody(sandbox: SandboxState, shop: Shop, motive: UserMotive) {
	const self = `${shopUrl(sandbox, shop.accountId, shop.id)}/userMotives/${motive.id}`;
	return {
		id: motive.id,
		uuid: motive.uuid,
		name: motive.name,
		type: 'USER_BITMAP',
		created: motive.created,
		url: motive.url,
		'atom.link': [atomLink('self', self), atomLink('image', `${self}/image`)],
	};
}

function requireUserMotive(ctx: ServiceContext, shop: Shop): UserMotive {
	const motive = ctx.sandbox.store.userMotives.get(Number(ctx.params.motiveId));
	if (
		!motive ||
		motive.deleted ||
		motive.shopId !== shop.id ||
		motive.libraryKey !== libraryKey(ctx)
	) {
		throw notFound('User motive not found');
	}
	return motive;
}

function storeUserMotive(
	ctx: ServiceContext,
	shop: Shop,
	fields: Pick<UserMotive, 'name' | 'url' | 'image'>,
): Reply {
	const motive: UserMotive = {
		id: ctx.sandbox.store.nextId('motive'),
		uuid: randomUUID(),
		shopId: shop.id,
		libraryKey: libraryKey(ctx),
		created: nowIso(ctx.sandbox.clock),
		deleted: false,
		...fields,
	};
	ctx.sandbox.store.userMotives.set(motive.id, motive);
	return ok({ motive: userMotiveBody(ctx.sandbox, shop, motive) });
}

function registerUserMotiveRoutes(router: Router<ServiceContext>): void {
	const base = '/accounts/:accountId/shops/:shopId/userMotives';

	router.post(`${base}/createFromData`, (ctx) => {
		const shop = requireShop(ctx);
		const input = readObject(ctx.body().userMotiveUpload);
		if (!input) throw badRequest('Body must have the root key userMotiveUpload');
		const attachment = readString(input.attachment);
		const url = readString(input.url);
		const filename = readString(input.filename);
		if (attachment !== undefined) {
			const data = Buffer.from(attachment, 'base64');
			const mime = sniffImage(data);
			if (!mime)
				throw badRequest(
					'Only JPEG and PNG bitmaps are accepted',
					'attachment is not base64 of a JPEG or PNG',
				);
			if (!filename) throw badRequest('userMotiveUpload.filename is required with an attachment');
			return storeUserMotive(ctx, shop, { name: filename, image: { mime, data, filename } });
		}
		if (url !== undefined) {
			let parsed: URL | undefined;
			try {
				parsed = new URL(url);
			} catch {
				parsed = undefined;
			}
			if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
				throw badRequest('userMotiveUpload.url must be an absolute http(s) URL');
			}
			// The sandbox does not fetch the URL (no outside network); it keeps the reference.
			return storeUserMotive(ctx, shop, {
				name: filename ?? (parsed.pathname.split('/').pop() || 'motive'),
				url,
			});
		}
		throw badRequest('userMotiveUpload needs attachment or url');
	});

	router.post(`${base}/createFromMultipartForm`, (ctx) => {
		const shop = requireShop(ctx);
		const image = readUploadedImage(ctx);
		return storeUserMotive(ctx, shop, { name: image.filename, image });
	});

	router.get(base, (ctx) => {
		const shop = requireShop(ctx);
		const key = libraryKey(ctx);
		const records = [...ctx.sandbox.store.userMotives.values()].filter(
			(m) => m.shopId === shop.id && m.libraryKey === key,
		);
		return pagedList(ctx, {
			records,
			itemName: 'motive',
			represent: (m) => userMotiveBody(ctx.sandbox, shop, m),
		});
	});

	router.get(`${base}/:motiveId`, (ctx) => {
		const shop = requireShop(ctx);
		return ok({ motive: userMotiveBody(ctx.sandbox, shop, requireUserMotive(ctx, shop)) });
	});

	router.get(`${base}/:motiveId/image`, (ctx) =>
		imageReply(requireUserMotive(ctx, requireShop(ctx)).image),
	);

	router.delete(`${base}/:motiveId`, (ctx) => {
		requireUserMotive(ctx, requireShop(ctx)).deleted = true;
		return noContent();
	});
}

export function registerMotiveRoutes(router: Router<ServiceContext>, kind: KindOptions): void {
	registerShopMotiveRoutes(router, kind);
	registerUserMotiveRoutes(router);
}
