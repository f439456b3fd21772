/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- reads the repository's source files, never shipped */
/**
 * The storefront SKU's check character pinned by vectors computed outside this code, and every
 * example SKU the docs and the format's header show read as a valid SKU of this node: a change to
 * the check that still round-trips through the code fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import {
	checkCharacter,
	encodeStorefrontSku,
	readStorefrontSku,
} from '../../nodes/PodPlatform/actions/common/storefrontSku';

const root = path.resolve(__dirname, '../..');

test('ISO 7064 MOD 37,36: the published example and SKU texts computed independently', () => {
	// The GRid example that python-stdnum's stdnum/iso7064/mod_37_36.py documents (IFPI's GRid
	// A1-2425G-ABC1234002-M uses MOD 37,36).
	expect(checkCharacter('A12425GABC1234002')).toBe('M');
	// Computed with python-stdnum's formula (checksum and calc_check_digit), not with this code.
	expect(checkCharacter('P1001C2002S3002')).toBe('L');
	expect(checkCharacter('P1001M5002A4001C2002S3002')).toBe('G');
	expect(checkCharacter('P102C10112S10121')).toBe('O');
	expect(
		encodeStorefrontSku({ productId: 1001, assignedColorId: 2002, assignedSizeId: 3002 }),
	).toBe('POD-P1001-C2002-S3002-L');
	expect(
		encodeStorefrontSku({
			productId: 1001,
			assignedColorId: 2002,
			assignedSizeId: 3002,
			print: { motiveId: 5002, productAreaId: 4001 },
		}),
	).toBe('POD-P1001-M5002-A4001-C2002-S3002-G');
});

test('every whole storefront SKU the docs, the README and the format header show is valid', () => {
	const texts = [
		'README.md',
		'nodes/PodPlatform/actions/common/storefrontSku.ts',
		...readdirSync(path.join(root, 'docs'))
			.filter((file) => file.endsWith('.md'))
			.map((file) => `docs/${file}`),
	];
	// A whole SKU: not one cut short on purpose (`POD-P1001-C2001-S3003-…`).
	const whole = /POD-P[0-9A-Z]+(?:-[0-9A-Z]+)*(?![-…0-9A-Z])/g;
	const shown = texts.flatMap((file) =>
		[...readFileSync(path.join(root, file), 'utf8').matchAll(whole)].map(([sku]) => ({
			file,
			sku,
		})),
	);
	expect(shown.length).toBeGreaterThanOrEqual(4);
	const invalid = shown.filter(({ sku }) => readStorefrontSku(sku).kind !== 'variant');
	expect(invalid).toEqual([]);
});
