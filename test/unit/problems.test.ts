import { InputError } from '../../nodes/shared/errors';
import { Problems } from '../../nodes/PodPlatform/actions/order/payloads/problems';

/** The error several problems become. */
function refusal(count: number): InputError {
	const problems = new Problems();
	problems.add({
		where: 'Design 1',
		message: 'no color Purple; Classic T-Shirt offers White, Black',
		fix: 'Choose a color the product offers.',
	});
	for (let i = 2; i <= count; i++) {
		problems.add({ where: `Design ${i}`, message: 'no Product', fix: 'Choose a product.' });
	}
	try {
		problems.throwIfAny({ text: 'The order', named: false }, false);
	} catch (error) {
		return error as InputError;
	}
	throw new Error('no refusal');
}

describe('several problems of one input', () => {
	test('the headline counts the other problems as problems, not as one more entry of a list', () => {
		expect(refusal(2).message).toBe(
			'The order has 2 problems: Design 1: no color Purple; Classic T-Shirt offers White, Black; and 1 more problem, listed below',
		);
		expect(refusal(4).message).toBe(
			'The order has 4 problems: Design 1: no color Purple; Classic T-Shirt offers White, Black; and 3 more problems, listed below',
		);
	});

	test('below the headline every problem is listed with its fix', () => {
		expect(refusal(2).description).toBe(
			'1. Design 1: no color Purple; Classic T-Shirt offers White, Black. Choose a color the product offers.\n2. Design 2: no Product. Choose a product.',
		);
	});

	test('one problem is the error itself', () => {
		expect(refusal(1).message).toBe(
			'Design 1: no color Purple; Classic T-Shirt offers White, Black',
		);
	});
});
