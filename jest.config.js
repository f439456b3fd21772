/** Jest runs TypeScript through ts-jest; type checking is the build's job (tsc), so tests transpile only. */
module.exports = {
	testEnvironment: '<rootDir>/test/support/quietEnvironment.js',
	globalSetup: '<rootDir>/test/support/globalSetup.js',
	globalTeardown: '<rootDir>/test/support/globalTeardown.js',
	setupFilesAfterEnv: ['<rootDir>/test/support/freshExecutions.ts'],
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { diagnostics: false }],
	},
	testTimeout: 30000,
};
