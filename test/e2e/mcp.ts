/**
 * A real MCP client (the official TypeScript SDK) as an AI agent's host runs one: it connects to
 * an n8n MCP Server Trigger over Streamable HTTP, lists the tools and calls them. No language
 * model is needed: the calls are what a model would send.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** A tool as the model sees it: its name, description and argument schema. */
export interface ListedTool {
	name: string;
	description?: string;
	inputSchema: {
		type: string;
		properties?: Record<string, { type?: string; description?: string; default?: unknown }>;
		required?: string[];
		additionalProperties?: unknown;
	};
}

/** What one tool call gave back: the text the model reads, and whether MCP marks it an error. */
export interface ToolResult {
	isError: boolean;
	text: string;
}

export class McpSession {
	private constructor(
		readonly client: Client,
		private readonly transport: StreamableHTTPClientTransport,
	) {}

	/** Connect (initialize) with the bearer token, if any; rejects when the server refuses. */
	static async connect(url: string, token?: string): Promise<McpSession> {
		const client = new Client({ name: 'pod-platform-e2e', version: '1.0.0' });
		const transport = new StreamableHTTPClientTransport(new URL(url), {
			requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : {},
		});
		await client.connect(transport);
		return new McpSession(client, transport);
	}

	async listTools(): Promise<ListedTool[]> {
		const { tools } = await this.client.listTools();
		return tools as ListedTool[];
	}

	async call(name: string, args: Record<string, unknown>): Promise<ToolResult> {
		const result = (await this.client.callTool({ name, arguments: args })) as {
			isError?: boolean;
			content: Array<{ type: string; text?: string }>;
		};
		return {
			isError: result.isError === true,
			text: result.content.map((part) => part.text ?? '').join('\n'),
		};
	}

	/** A successful call's items (n8n hands a tool's output items to the client as JSON text). */
	async items<T = Record<string, unknown>>(
		name: string,
		args: Record<string, unknown>,
	): Promise<T[]> {
		const result = await this.call(name, args);
		if (result.isError) throw new Error(`${name} failed: ${result.text}`);
		return JSON.parse(result.text) as T[];
	}

	async close(): Promise<void> {
		await this.transport.terminateSession().catch(() => undefined);
		await this.client.close();
	}
}
