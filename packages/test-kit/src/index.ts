/** The test kit: what tests, browser tests and benches share (never imported by production code). */
export {
  ApiCallError,
  ApiSession,
  logIn,
  signIn,
  type ApiAnswer,
  type ApiBody,
  type ApiMethod,
} from './api-session.js';
export { startBuiltServer, type BuiltServerOptions, type RunningServer } from './built-server.js';
export { BROWSER_CHROMIUM_SWITCHES, CHROMIUM_PATH, requireChromium } from './chromium.js';
export { TEST_ADMIN, type Credentials } from './credentials.js';
export { seedDemoData } from './demo-seed.js';
export { freePort } from './free-port.js';
export { createPostgresDatabase, type OwnPostgresDatabase } from './postgres-database.js';
export { appendMemoryLine, residentMemoryKb } from './process-memory.js';
export { BUILT_SERVER_MAIN, REPO_ROOT, SERVER_NODE_ARGS, SOURCE_SERVER_MAIN } from './repo-paths.js';
export { startServerProcess, type ServerProcess, type ServerProcessOptions } from './server-process.js';
export * from './payslips/index.js';
export * from './whatsapp/index.js';
