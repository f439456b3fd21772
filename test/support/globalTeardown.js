/** Removes the temporary N8N_USER_FOLDER that globalSetup.js made. */
const { rmSync } = require('node:fs');

module.exports = async () => {
	const folder = process.env.POD_TEST_USER_FOLDER;
	if (folder) rmSync(folder, { recursive: true, force: true });
};
