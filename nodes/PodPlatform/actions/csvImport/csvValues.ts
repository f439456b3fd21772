/**
 * One value of an import file checked against its column's kind, in the decimal style of the
 * file's format; the message says what the value must be and, where it can, the fix.
 */

import { isHttpUrl } from '../../../shared/values';
import type { CsvFormat } from './csv';
import { CSV_COLUMNS, isCountryCode } from './csv';

/** What is wrong with a value of a column, or undefined when nothing is. */
export type ValueCheck = (index: number, value: string) => string | undefined;

export function valueCheckFor(format: CsvFormat): ValueCheck {
	const number = new RegExp(`^\\d+(\\${format.decimal}\\d+)?$`);
	const position = new RegExp(`^-?\\d+(\\${format.decimal}\\d+)?%?$`);
	const otherDecimal = format.decimal === ',' ? '.' : ',';
	const otherStyleNumber = new RegExp(`^-?\\d+(\\${otherDecimal}\\d+)?%?$`);
	/** Why a number in the other format's decimal style is refused, when it is one. */
	const decimalHint = (value: string) =>
		otherStyleNumber.test(value)
			? `; this file's format writes decimals with "${format.decimal}"`
			: '';

	return (index, value) => {
		switch (CSV_COLUMNS[index].kind) {
			case 'integer':
				return !/^\d+$/.test(value) || /^0+$/.test(value)
					? `must be a positive whole number, got "${value}"`
					: undefined;
			case 'decimal':
				return number.test(value)
					? undefined
					: `must be a number of at least 0 without thousands separators, got "${value}"${decimalHint(value)}`;
			case 'position':
				return position.test(value)
					? undefined
					: `must be millimetres or a percentage such as "12${format.decimal}5" or "50%", got "${value}"${decimalHint(value)}`;
			case 'boolean':
				return /^(true|false)$/i.test(value) ? undefined : `must be true or false, got "${value}"`;
			case 'countryCode': {
				if (isCountryCode(value)) return undefined;
				const hint = isCountryCode(value.toUpperCase())
					? `; write it in capitals: "${value.toUpperCase()}"`
					: '';
				return `must be an ISO 3166-1 alpha-2 country code such as "DE", got "${value}"${hint}`;
			}
			case 'email':
				return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)
					? undefined
					: `is not an e-mail address: "${value}"`;
			case 'url':
				return isHttpUrl(value) ? undefined : `must be an http(s) address, got "${value}"`;
			default:
				return undefined;
		}
	};
}
