/**
 * The order address (contract, Order): street, streetNo, city, zip and countryCode only. A key
 * the service would drop is refused with a hint saying where that detail can go instead.
 */

import { isPlainObject, isBlank } from '../../../../shared/values';
import type { PlainObject } from '../../../../shared/values';
import { InputError } from '../../../../shared/errors';
import { optionalText } from './orderValues';

/** The order address of the contract; the service drops any other key of a JSON or XML order. */
export const ADDRESS_KEYS = ['street', 'streetNo', 'zip', 'city', 'countryCode'] as const;

/** The address fields in postal order, as the forms name them. */
export const ADDRESS_LABELS: Record<(typeof ADDRESS_KEYS)[number], string> = {
	street: 'Street',
	streetNo: 'Street Number',
	zip: 'ZIP Code',
	city: 'City',
	countryCode: 'Country Code',
};

/** Keys naming a recipient: only the CSV import carries them per address (contract, Order). */
const RECIPIENT_KEYS = new Set(['firstName', 'lastName', 'company', 'companyName', 'name']);

/** Further per-address values the CSV import knows and a JSON order address does not. */
const CSV_ONLY_ADDRESS_KEYS = new Set(['countryName', 'stateName', 'stateCode', 'phone', 'email']);

const ADDRESS_ALTERNATIVES =
	'The order address holds only street, streetNo, city, zip and countryCode; the service drops anything else.';

/** How to keep the detail an order address cannot carry, by the kind of key. */
function addressKeyHint(key: string): string {
	if (RECIPIENT_KEYS.has(key)) {
		return `${ADDRESS_ALTERNATIVES} The parcel goes to the customer of the order: put the recipient's name in the customer's firstName and lastName (Customer → First Name and Last Name in the form), or send the order through CSV Import, whose addresses carry a first name, last name and company.`;
	}
	if (CSV_ONLY_ADDRESS_KEYS.has(key)) {
		return `${ADDRESS_ALTERNATIVES} Give phone and email on the customer; per-address phone, email, state and country name go through CSV Import.`;
	}
	return `${ADDRESS_ALTERNATIVES} Move this detail into street or streetNo (for example an apartment number), or remove it.`;
}

/** An address checked and in wire form; undefined when nothing is set. */
export function normaliseAddress(
	value: unknown,
	label: string,
	path: string,
): PlainObject | undefined {
	if (isBlank(value)) return undefined;
	if (!isPlainObject(value)) {
		throw new InputError(
			`${label} must be an object`,
			'Give street, streetNo, city, zip and countryCode.',
			path,
		);
	}
	const address: PlainObject = {};
	for (const [key, raw] of Object.entries(value)) {
		if (isBlank(raw)) continue;
		// A recipient the service drops sends the parcel to the buyer: refuse it, never drop it.
		if (!(ADDRESS_KEYS as readonly string[]).includes(key)) {
			throw new InputError(
				`${label} has "${key}", which an order address cannot carry`,
				addressKeyHint(key),
				`${path}.${key}`,
			);
		}
		address[key] = optionalText(raw);
	}
	const countryCode = address.countryCode as string | undefined;
	if (countryCode !== undefined) {
		if (!/^[A-Za-z]{2}$/.test(countryCode)) {
			throw new InputError(
				`${label}: Country Code must be a two-letter ISO code, got ${JSON.stringify(countryCode)}`,
				'Use the ISO 3166-1 alpha-2 code, for example DE or GB.',
				`${path}.countryCode`,
			);
		}
		address.countryCode = countryCode.toUpperCase();
	}
	return Object.keys(address).length ? address : undefined;
}
