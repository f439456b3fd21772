/**
 * n8n-core keeps its settings and binary data under N8N_USER_FOLDER (else in ~/.n8n): the tests
 * get a temporary one, removed by globalTeardown.js. A folder given in N8N_USER_FOLDER is used and
 * kept.
 */
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

module.exports = async () => {
	if (process.env.N8N_USER_FOLDER) return;
	const folder = mkdtempSync(path.join(tmpdir(), 'pod-platform-test-'));
	// Jest starts its workers after the global setup; they inherit this environment.
	process.env.N8N_USER_FOLDER = folder;
	process.env.POD_TEST_USER_FOLDER = folder;
};
