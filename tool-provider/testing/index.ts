/**
 * What tests outside the tool provider use of it (`@kib/tool-provider/testing`): test databases and
 * servers, the protocol peers of LTI and of a chat-completions model, and the parts of the server
 * that end-to-end tests assemble themselves. Never part of the production image.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export { createApp, type AppDeps, type KibApp } from '../src/app';
export { loadConfig, type Config } from '../src/config';
export { connect, type DatabaseKind } from '../src/db/database';
export { initModels } from '../src/db/models';
export { LtiRepository } from '../src/lti/shared/lti.repository';
export { Lti13Repository } from '../src/lti/v13/lti13.repository';
export { DEV_CONTENT } from '../src/seed/dev-content';
export { seedDevelopment, DEV_SEED } from '../src/seed/dev-seed';
export {
  generatedProblem,
  startChatCompletionsPeer,
  type ChatCompletionsPeer,
} from './chat-completions-peer';
export { peerVerifiesBody, peerVerifiesForm, postSignedLaunch, signLaunch } from './lti-peer';
export { Lti13Peer } from './lti13-peer';
export { buildDatabaseTemplates, onServer, TEMPLATES_KEY } from './database-templates';
export { createTestDatabase, type TestDatabase } from './test-database';
export { startTestServer, TestClient, type TestServer } from './test-server';

/** The folder of the development seed's pictures and videos. */
export const SEED_MEDIA_DIR = fileURLToPath(new URL('../src/seed/media/', import.meta.url));

/** The command line that starts the server as `npm start` does, from the repository's root. */
export const SERVER_ENTRY = path.join('tool-provider', 'src', 'main.ts');

/** The command line of the LMS connections (`npm run lti`), from the repository's root. */
export const LTI_CLI_ENTRY = path.join('tool-provider', 'src', 'cli', 'lti.ts');
