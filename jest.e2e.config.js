/** The end-to-end suite: a real, pinned n8n with the packed package installed (see test/e2e). */
module.exports = {
	testEnvironment: 'node',
	globalSetup: '<rootDir>/test/support/globalSetup.js',
	globalTeardown: '<rootDir>/test/support/globalTeardown.js',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { diagnostics: false }],
	},
	testTimeout: 120000,
	maxWorkers: 1,
	testSequencer: '<rootDir>/test/e2e/sequencer.js',
};
