/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, no-console -- the sandbox is a Node server, never shipped */
import type { ServiceContext } from './app';
import type { Router } from './router';

export function registerCreatorRoutes(_router: Router<ServiceContext>): void {}
