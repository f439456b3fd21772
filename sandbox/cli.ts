/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- the sandbox is a Node server, never shipped */
/**
 * `npm run sandbox [-- --port N] [-- --options LIST] [-- --variant-sku-texts]`: runs the emulator
 * until SIGINT/SIGTERM. The port comes from `--port` (0 = any free port), else SANDBOX_PORT, else
 * 8787; the kinder behaviours (sandbox/options.ts) from `--options` (`all` or a comma list), else
 * SANDBOX_OPTIONS; the variant SKU text extension also from `--variant-sku-texts` or
 * SANDBOX_VARIANT_SKU_TEXTS.
 * Anything else on the command line is refused, so a mistyped flag never starts a sandbox that
 * differs from the one asked for.
 */

import {
	readPort,
	resolveKindOptions,
	SANDBOX_OPTIONS_ENV,
	sandboxPortFromEnv,
	VARIANT_SKU_TEXTS_ENV,
	variantSkuTextsFromEnv,
} from './launch-env';
import { KIND_OPTION_NAMES, readOptionList, type KindOptions } from './options';

/** The flags the command line takes and what each does: the usage text and the refusal's list. */
const FLAGS: Array<[flag: string, lines: string[]]> = [
	[
		'--port N, --port=N',
		[
			'listen on 127.0.0.1:N (0 = any free port; the URLs printed name the port',
			'taken); default SANDBOX_PORT or 8787',
		],
	],
	[
		'--options LIST',
		[
			'kinder behaviours than the contract: all, or a comma list of',
			`${KIND_OPTION_NAMES.join(', ')}`,
			`(default: ${SANDBOX_OPTIONS_ENV}, else none; sandbox/README.md, Options)`,
		],
	],
	[
		'--variant-sku-texts',
		[
			'the extension: a SKU text on every ProductSku, filterable and orderable',
			`(default off, the contract's ProductSku; also ${VARIANT_SKU_TEXTS_ENV}=1)`,
		],
	],
	['-h, --help', ['this text']],
];

const USAGE = [
	'Usage: npm run sandbox -- [--port N] [--options LIST] [--variant-sku-texts]',
	...FLAGS.flatMap(([flag, lines]) =>
		lines.map((line, i) => `  ${(i === 0 ? flag : '').padEnd(22)}${line}`),
	),
].join('\n');

interface CliOptions extends KindOptions {
	help?: boolean;
	port: number;
}

function parseArguments(args: string[], env: NodeJS.ProcessEnv): CliOptions {
	let port: number | undefined;
	let variantSkuTexts: boolean | undefined;
	let listed: Partial<KindOptions> | undefined;
	for (let i = 0; i < args.length; i++) {
		const arg = args[i];
		if (arg === '--help' || arg === '-h') {
			return { help: true, port: 0, ...resolveKindOptions({}, {}) };
		} else if (arg === '--options') {
			const list = args[++i];
			if (list === undefined) throw new Error('--options needs a list (all, or option names)');
			listed = readOptionList(list, '--options');
		} else if (arg.startsWith('--options=')) {
			listed = readOptionList(arg.slice('--options='.length), '--options');
		} else if (arg === '--port') {
			port = readPort(args[++i], '--port');
		} else if (arg.startsWith('--port=')) {
			port = readPort(arg.slice('--port='.length), '--port');
		} else if (arg === '--variant-sku-texts') {
			variantSkuTexts = true;
		} else {
			throw new Error(
				`Unknown argument ${JSON.stringify(arg)}; accepted: ${FLAGS.map(([flag]) => flag).join(', ')}`,
			);
		}
	}
	// `--options` replaces SANDBOX_OPTIONS (what is not listed is off); --variant-sku-texts and
	// SANDBOX_VARIANT_SKU_TEXTS add their one option to either.
	const kind = resolveKindOptions(listed ?? {}, listed ? {} : env);
	return {
		...kind,
		port: port ?? sandboxPortFromEnv(env),
		variantSkuTexts: variantSkuTexts || kind.variantSkuTexts || variantSkuTextsFromEnv(env),
	};
}

async function main(): Promise<void> {
	let options: CliOptions;
	try {
		options = parseArguments(process.argv.slice(2), process.env);
	} catch (error) {
		// Everything parseArguments throws is a refused command line or environment.
		console.error(`${(error as Error).message}\n${USAGE}`);
		process.exit(2);
	}
	if (options.help) {
		console.log(USAGE);
		return;
	}
	// Loaded only now, so that a refused command line answers at once.
	const { DEMO, startSandbox } = await import('./index');
	const sandbox = await startSandbox(options);
	console.log(`Sandbox base URL:    ${sandbox.baseUrl}`);
	console.log(`Sandbox control URL: ${sandbox.controlUrl}`);
	console.log(
		`Demo login:          ${DEMO.login} / ${DEMO.password} (account ${DEMO.accountId}, shop ${DEMO.shopId})`,
	);
	console.log(
		`Creator page login:  ${DEMO.users.creatorPage.login} / ${DEMO.users.creatorPage.password} (ROLE_AUTHORIZED_USER)`,
	);
	console.log(
		options.variantSkuTexts
			? 'ProductSku:          with variant SKU texts (extension --variant-sku-texts)'
			: "ProductSku:          the contract's (no SKU texts; --variant-sku-texts adds them)",
	);
	const on = KIND_OPTION_NAMES.filter((name) => options[name]);
	console.log(
		on.length
			? `Options on:          ${on.join(', ')}`
			: "Options on:          none (the contract's plainest reading; --options adds them)",
	);
	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		console.log(`Received ${signal}, stopping the sandbox`);
		sandbox.close().then(
			() => process.exit(0),
			(error) => {
				console.error(error);
				process.exit(1);
			},
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
