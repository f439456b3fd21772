/**
 * Every test starts as a fresh n8n process would: nothing kept from another test's executions
 * (nodes/shared/acrossExecutions.ts). The sandbox is reset between tests, which a real
 * service never is; a test of what executions share runs them inside one test.
 */
import { forgetAllExecutions } from '../../nodes/shared/acrossExecutions';

beforeEach(() => forgetAllExecutions());
