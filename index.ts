/**
 * The package's nodes and credential in one place, for tools and tests that load them as a
 * library. n8n itself loads each one from the `n8n` section of package.json.
 */
export { PodPlatformApi } from './credentials/PodPlatformApi.credentials';
export { PodPlatform } from './nodes/PodPlatform/PodPlatform.node';
export { PodPlatformPollTrigger } from './nodes/PodPlatformPollTrigger/PodPlatformPollTrigger.node';
export { PodPlatformTrigger } from './nodes/PodPlatformTrigger/PodPlatformTrigger.node';
