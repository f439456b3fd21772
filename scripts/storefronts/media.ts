/**
 * The stores' own ways in for a product image, which the publish examples send the listing's image
 * through (issue 46): a store outside the print service's network cannot read the service's
 * preview link, which needs the service's session.
 *
 * - WordPress's media library, under the WooCommerce stand-in: `POST /wp-json/wp/v2/media` with
 *   the file as the body and `Content-Disposition: attachment; filename=...` (WordPress REST API
 *   Handbook, "Media" reference and WP_REST_Attachments_Controller::create_item), answering the
 *   attachment as the REST API shows it; `GET /wp-json/wp/v2/users` (what n8n's WordPress
 *   credential test reads). Both ask for a user's application password by Basic authentication
 *   (WordPress 5.6 and later, "Application Passwords"); WooCommerce's consumer keys do not reach
 *   them: WooCommerce authenticates only requests under `wp-json/wc/` and `wp-json/wc-`
 *   (woocommerce includes/class-wc-rest-authentication.php, is_request_to_rest_api).
 * - Shopify's staged uploads, under the Shopify stand-in: `stagedUploadsCreate`'s targets and the
 *   upload to them (see `shopifyStagedUploads` below).
 *
 * What each keeps is the bytes received, so that a test compares them with the service's preview.
 */

type Json = Record<string, unknown>;

export interface MediaReply {
	status: number;
	body: unknown;
	/** An answer that is not JSON (a bucket's XML), sent as it is. */
	text?: string;
	headers?: Record<string, string>;
}

/** A file a store holds: the bytes it received, as it received them. */
export interface HeldFile {
	fileName: string;
	mimeType: string;
	bytes: Buffer;
}

/** The image types both stores take, by their first bytes (a name or a header proves nothing). */
const IMAGE_SIGNATURES: Array<{ mimeType: string; bytes: number[]; offset?: number }> = [
	{ mimeType: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
	{ mimeType: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
	{ mimeType: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
	{ mimeType: 'image/webp', bytes: [0x57, 0x45, 0x42, 0x50], offset: 8 },
];

export function imageTypeOf(bytes: Buffer): string | undefined {
	return IMAGE_SIGNATURES.find(({ bytes: signature, offset = 0 }) =>
		signature.every((byte, index) => bytes[offset + index] === byte),
	)?.mimeType;
}

// ---------------------------------------------------------------------------------------------
// WordPress: the media library (wp/v2) beside WooCommerce
// ---------------------------------------------------------------------------------------------

export interface WordpressLogin {
	/** The WordPress user's login name. */
	user: string;
	/** One of the user's application passwords, as WordPress shows it (groups of four). */
	applicationPassword: string;
}

export interface WordpressMedia {
	/** A request under `/wp-json/wp/v2`: answered (refused too), or undefined when it is none. */
	route(
		method: string,
		rest: string,
		headers: Record<string, string | string[] | undefined>,
		raw: Buffer,
	): MediaReply;
	/** The attachment of an ID, as the REST API shows it. */
	attachment(id: number): Json | undefined;
	/** The attachment whose file is at this address: the store's own media, nothing else. */
	attachmentAt(url: string): Json | undefined;
	/** A new attachment holding the file of an attachment held (WooCommerce's sideload of its src). */
	copyOf(attachment: Json): Json;
	/** Every attachment, oldest first, with the bytes it holds. */
	files(): Array<Json & { file: HeldFile }>;
	clear(): void;
}

/**
 * WordPress's media library of the WooCommerce stand-in's site. `urlOf` is the site's address,
 * known once the server listens.
 */
export function wordpressMedia(
	urlOf: () => string,
	now: () => string,
	login: WordpressLogin,
): WordpressMedia {
	const held = new Map<number, { attachment: Json; file: HeldFile }>();
	// WordPress numbers attachments with its posts; far from the products' IDs, to tell them apart.
	let nextId = 501;
	const userId = 1;

	const error = (status: number, code: string, message: string): MediaReply => ({
		status,
		body: { code, message, data: { status } },
	});

	/**
	 * WordPress's application password check (wp_authenticate_application_password): Basic with the
	 * user's login and one of its application passwords, the spaces of its display not counted.
	 * Another password, a WooCommerce consumer key or none at all is no logged-in user.
	 */
	const loggedIn = (
		headers: Record<string, string | string[] | undefined>,
	): MediaReply | undefined => {
		const header = headers.authorization;
		if (typeof header !== 'string' || !header.startsWith('Basic ')) return undefined;
		const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
		const [user, ...rest] = decoded.split(':');
		const password = rest.join(':').replace(/[^a-z\d]/gi, '');
		if (user !== login.user) {
			return error(
				401,
				'invalid_username',
				'Unknown username. Check again or try your email address.',
			);
		}
		if (password !== login.applicationPassword.replace(/[^a-z\d]/gi, '')) {
			return error(
				401,
				'incorrect_password',
				'The provided password is an invalid application password.',
			);
		}
		return { status: 200, body: null };
	};

	/** The file name of `attachment; filename="x.png"` (quoted or not), as WordPress reads it. */
	const fileNameOf = (disposition: string): string | undefined => {
		const match = /filename\*?=\s*(?:"([^"]*)"|([^;]*))/i.exec(disposition);
		const name = (match?.[1] ?? match?.[2] ?? '').trim();
		return name ? name.split(/[\\/]/).pop() : undefined;
	};

	/** wp_unique_filename: a name in use gets `-1`, `-2`, ... before its extension. */
	const uniqueName = (name: string): string => {
		const taken = new Set([...held.values()].map(({ file }) => file.fileName));
		if (!taken.has(name)) return name;
		const dot = name.lastIndexOf('.');
		const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
		for (let suffix = 1; ; suffix++) {
			const candidate = `${stem}-${suffix}${extension}`;
			if (!taken.has(candidate)) return candidate;
		}
	};

	const store = (file: HeldFile): Json => {
		const id = nextId++;
		const time = now();
		const [year, month] = time.split('-');
		const stem = file.fileName.replace(/\.[^.]+$/, '');
		const slug = stem.toLowerCase().replace(/[^a-z0-9]+/g, '-');
		const attachment: Json = {
			id,
			date: time,
			date_gmt: time,
			modified: time,
			modified_gmt: time,
			slug,
			status: 'inherit',
			type: 'attachment',
			link: `${urlOf()}/${slug}/`,
			title: { rendered: stem },
			author: userId,
			alt_text: '',
			media_type: 'image',
			mime_type: file.mimeType,
			media_details: { filesize: file.bytes.length, file: `${year}/${month}/${file.fileName}` },
			post: null,
			source_url: `${urlOf()}/wp-content/uploads/${year}/${month}/${file.fileName}`,
		};
		held.set(id, { attachment, file });
		return attachment;
	};

	/** POST /wp/v2/media with the file as the body (WP_REST_Attachments_Controller::upload_from_data). */
	const upload = (
		headers: Record<string, string | string[] | undefined>,
		raw: Buffer,
	): MediaReply => {
		if (raw.length === 0) return error(400, 'rest_upload_no_data', 'No data supplied.');
		const disposition = headers['content-disposition'];
		if (typeof disposition !== 'string') {
			return error(400, 'rest_upload_no_content_disposition', 'No Content-Disposition supplied.');
		}
		const fileName = fileNameOf(disposition);
		if (!fileName) {
			return error(
				400,
				'rest_upload_invalid_disposition',
				'Invalid Content-Disposition supplied. Content-Disposition needs to be formatted as `attachment; filename="image.png"` or similar.',
			);
		}
		const mimeType = imageTypeOf(raw);
		if (!mimeType) {
			return error(
				500,
				'rest_upload_unknown_error',
				'Sorry, you are not allowed to upload this file type.',
			);
		}
		const attachment = store({ fileName: uniqueName(fileName), mimeType, bytes: raw });
		return {
			status: 201,
			body: attachment,
			headers: { location: `${urlOf()}/wp-json/wp/v2/media/${String(attachment.id)}` },
		};
	};

	return {
		route(method, rest, headers, raw) {
			const user = loggedIn(headers);
			if (user && user.status !== 200) return user;
			if (rest === '/media' && method === 'POST') {
				if (!user) {
					return error(
						401,
						'rest_cannot_create',
						'Sorry, you are not allowed to create posts as this user.',
					);
				}
				return upload(headers, raw);
			}
			if (rest === '/users' && method === 'GET') {
				if (!user) return { status: 200, body: [] };
				return {
					status: 200,
					body: [
						{
							id: userId,
							name: login.user,
							slug: login.user,
							link: `${urlOf()}/author/${login.user}/`,
						},
					],
				};
			}
			return error(404, 'rest_no_route', 'No route was found matching the URL and request method.');
		},
		attachment: (id) => held.get(id)?.attachment,
		attachmentAt: (url) =>
			[...held.values()].find(({ attachment }) => attachment.source_url === url)?.attachment,
		copyOf(attachment) {
			const source = held.get(Number(attachment.id)) as { file: HeldFile };
			return store({ ...source.file, fileName: uniqueName(source.file.fileName) });
		},
		files: () => [...held.values()].map(({ attachment, file }) => ({ ...attachment, file })),
		clear: () => held.clear(),
	};
}

// ---------------------------------------------------------------------------------------------
// Shopify: staged uploads
// ---------------------------------------------------------------------------------------------

/** Where the Shopify stand-in's staged targets live on its own address (Shopify's: a bucket). */
export const STAGED_UPLOADS_PATH = '/staged-uploads';

/** One part of a multipart/form-data body. */
interface FormPart {
	name: string;
	fileName?: string;
	contentType?: string;
	data: Buffer;
}

/** The parts of a multipart/form-data body, in order (RFC 7578); undefined when it is none. */
function formParts(contentType: string | undefined, raw: Buffer): FormPart[] | undefined {
	const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
	if (!boundary || !/^multipart\/form-data/i.test(contentType ?? '')) return undefined;
	const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
	const parts: FormPart[] = [];
	let at = raw.indexOf(delimiter);
	while (at >= 0) {
		const start = at + delimiter.length;
		if (raw.subarray(start, start + 2).toString() === '--') break;
		const next = raw.indexOf(delimiter, start);
		if (next < 0) return undefined;
		const part = raw.subarray(start + 2, next - 2);
		const split = part.indexOf('\r\n\r\n');
		if (split < 0) return undefined;
		const head = part.subarray(0, split).toString('utf8');
		const disposition = /content-disposition:[^\r\n]*/i.exec(head)?.[0] ?? '';
		const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
		if (name === undefined) return undefined;
		parts.push({
			name,
			fileName: /\bfilename="([^"]*)"/i.exec(disposition)?.[1],
			contentType: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim(),
			data: part.subarray(split + 4),
		});
		at = next;
	}
	return parts;
}

export interface StagedTarget {
	url: string;
	resourceUrl: string;
	parameters: Array<{ name: string; value: string }>;
}

export interface ShopifyStagedUploads {
	/**
	 * stagedUploadsCreate's target for one StagedUploadInput (already checked against its type):
	 * for POST a form's fields, for PUT (the default) a signed address and the headers to send.
	 */
	target(input: Json): StagedTarget;
	/** A request to a staged target: answered as the bucket answers, refusals too. */
	route(
		method: string,
		path: string,
		headers: Record<string, string | string[] | undefined>,
		raw: Buffer,
	): MediaReply;
	/** The file uploaded to the target whose `resourceUrl` this is; undefined for any other address. */
	fileAt(resourceUrl: string): HeldFile | undefined;
	/** Every file uploaded, oldest first, with the resourceUrl it is under. */
	files(): Array<HeldFile & { resourceUrl: string }>;
	clear(): void;
}

/**
 * Shopify's staged uploads (GraphQL Admin `stagedUploadsCreate`, "Upload media to Shopify"):
 * a target per file, then the file sent to it. Shopify's POST targets are a storage bucket's form
 * upload: the target's parameters go back as the form's fields with their values, and the file is
 * the form's last field (Google Cloud Storage, "POST Object": fields after the file are ignored,
 * a field that does not match the signed policy is refused with 403). The stand-in serves its
 * targets on its own address, signs nothing and checks every field it issued; the `resourceUrl`
 * is what productSet's `files[].originalSource` names, and the only address the stand-in's
 * productSet fetches a file from.
 */
export function shopifyStagedUploads(urlOf: () => string): ShopifyStagedUploads {
	const issued = new Map<string, { target: StagedTarget; input: Json; method: 'POST' | 'PUT' }>();
	const uploaded = new Map<string, HeldFile>();
	let nextTarget = 1;

	/** The bucket's XML error (Google Cloud Storage answers XML on its XML API). */
	const bucketError = (status: number, code: string, message: string): MediaReply => ({
		status,
		body: undefined,
		text: `<?xml version='1.0' encoding='UTF-8'?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
		headers: { 'content-type': 'application/xml; charset=UTF-8' },
	});

	return {
		target(input) {
			const method = input.httpMethod === 'POST' ? 'POST' : 'PUT';
			const fileName = String(input.filename).split(/[\\/]/).pop() ?? 'file';
			const key = `tmp/68004720/products/${nextTarget++}/${fileName}`;
			const resourceUrl = `${urlOf()}${STAGED_UPLOADS_PATH}/${key}`;
			// Stand-in values in the shape of Shopify's documented answer; nothing is really signed.
			const signature = `stand-in-signature-${nextTarget}`;
			const target: StagedTarget =
				method === 'POST'
					? {
							url: `${urlOf()}${STAGED_UPLOADS_PATH}/`,
							resourceUrl,
							parameters: [
								{ name: 'Content-Type', value: String(input.mimeType) },
								{ name: 'success_action_status', value: '201' },
								{ name: 'acl', value: 'private' },
								{ name: 'key', value: key },
								{ name: 'x-goog-date', value: '20261201T000000Z' },
								{
									name: 'x-goog-credential',
									value: 'stand-in@shopify-staged-uploads/20261201/auto/storage/goog4_request',
								},
								{ name: 'x-goog-algorithm', value: 'GOOG4-RSA-SHA256' },
								{ name: 'x-goog-signature', value: signature },
								{
									name: 'policy',
									value: Buffer.from(`stand-in policy for ${key}`).toString('base64'),
								},
							],
						}
					: {
							url: `${resourceUrl}?X-Goog-Signature=${signature}`,
							resourceUrl,
							parameters: [
								{ name: 'content_type', value: String(input.mimeType) },
								{ name: 'acl', value: 'private' },
							],
						};
			issued.set(key, { target, input, method });
			return target;
		},
		route(method, path, headers, raw) {
			const contentType = headers['content-type'] as string | undefined;
			if (method === 'POST' && path === `${STAGED_UPLOADS_PATH}/`) {
				const parts = formParts(contentType, raw);
				if (!parts)
					return bucketError(400, 'InvalidArgument', 'The body is not a multipart/form-data form.');
				const key = parts.find((part) => part.name === 'key')?.data.toString('utf8') ?? '';
				const held = issued.get(key);
				if (!held || held.method !== 'POST') {
					return bucketError(
						403,
						'AccessDenied',
						`No staged upload target was issued for key "${key}".`,
					);
				}
				const file = parts.findIndex((part) => part.name === 'file');
				if (file < 0)
					return bucketError(400, 'InvalidArgument', 'The form has no field named file.');
				// Fields after the file are not read: a parameter sent after it is missing.
				const fields = new Map(
					parts.slice(0, file).map((part) => [part.name, part.data.toString('utf8')]),
				);
				const wrong = held.target.parameters.find(
					(parameter) => fields.get(parameter.name) !== parameter.value,
				);
				if (wrong) {
					return bucketError(
						403,
						'AccessDenied',
						`Invalid according to Policy: Policy Condition failed: field "${wrong.name}" ${fields.has(wrong.name) ? 'does not have the value issued' : 'is missing (before the file)'}.`,
					);
				}
				const bytes = parts[file].data;
				if (bytes.length === 0) return bucketError(400, 'EntityTooSmall', 'The file is empty.');
				uploaded.set(held.target.resourceUrl, {
					fileName: parts[file].fileName ?? String(held.input.filename),
					mimeType: String(held.input.mimeType),
					bytes,
				});
				return {
					status: 201,
					body: undefined,
					text: `<?xml version='1.0' encoding='UTF-8'?><PostResponse><Location>${held.target.resourceUrl}</Location><Bucket>shopify-staged-uploads</Bucket><Key>${key}</Key><ETag>"stand-in"</ETag></PostResponse>`,
					headers: { 'content-type': 'application/xml; charset=UTF-8' },
				};
			}
			const key = path.startsWith(`${STAGED_UPLOADS_PATH}/`)
				? path.slice(STAGED_UPLOADS_PATH.length + 1)
				: '';
			const held = issued.get(key);
			if (method === 'PUT' && held?.method === 'PUT') {
				if (raw.length === 0) return bucketError(400, 'EntityTooSmall', 'The file is empty.');
				uploaded.set(held.target.resourceUrl, {
					fileName: String(held.input.filename),
					mimeType: contentType ?? String(held.input.mimeType),
					bytes: raw,
				});
				return { status: 200, body: undefined, text: '' };
			}
			return bucketError(404, 'NoSuchKey', 'The specified key does not exist.');
		},
		fileAt: (resourceUrl) => uploaded.get(resourceUrl),
		files: () => [...uploaded.entries()].map(([resourceUrl, file]) => ({ ...file, resourceUrl })),
		clear() {
			issued.clear();
			uploaded.clear();
		},
	};
}
