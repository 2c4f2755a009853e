import type { AppContext } from './context.js';
import type { ServicesOf } from './lib/contracts/server-module.js';
import { buildModuleServices, closeModules } from './lib/module-registry.js';
import { SERVER_MODULES } from './modules/index.js';

/**
 * The service registry: every module's services (modules/index.ts lists the modules), each built once
 * from the services it names, and every job declared. Modules never build or import each other's
 * services; route plugins, the worker and scripts all start from here.
 */
export async function buildServices(context: AppContext): Promise<Services> {
  return buildModuleServices(context, SERVER_MODULES);
}

/** Every module's services by name, and the stored-file services. */
export type Services = ServicesOf<typeof SERVER_MODULES>;

/** Releases what the modules hold (the PDF renderer's browser, the slip readers' threads): when the app or process closes. */
export async function closeServices(services: Services): Promise<void> {
  await closeModules(SERVER_MODULES, services);
}
