import type { AppContext } from '../context.js';
import type { AnyServerModule, NeedsProvided, RoutePlugin, ServicesOf } from './contracts/server-module.js';
import type { ReadinessReports } from './contracts/readiness.js';
import { createStoredFiles } from './stored-files.js';

/**
 * Builds every module's services and declares their jobs. Each module gets only the services it
 * names in `needs`, and is built as soon as those are (the list's order is the order of routes,
 * jobs and closing; it need not be the order of building, as `/api`'s routes list users before the
 * companies they are built from). A need no module provides, or a circle, fails here at start.
 */
export async function buildModuleServices<List extends readonly AnyServerModule[]>(
  context: AppContext,
  modules: List,
): Promise<ServicesOf<List>> {
  const files = createStoredFiles(
    context,
    modules.flatMap((module) => module.storedFiles ?? []),
  );
  const { fileRemovals, fileSweep } = files;
  const contributions = {
    trashSources: modules.flatMap((module) => module.trashSources?.(context, { fileRemovals, fileSweep }) ?? []),
  };

  const services: Record<string, unknown> = { fileRemovals, fileSweep };
  const pending = [...modules];
  while (pending.length > 0) {
    const ready = pending.findIndex((module) => Object.keys(module.needs ?? {}).every((name) => name in services));
    if (ready < 0) {
      const waiting = pending.map(
        (module) =>
          `${module.name} (needs ${Object.keys(module.needs ?? {})
            .filter((name) => !(name in services))
            .join(', ')})`,
      );
      throw new Error(
        `cannot build the server modules ${waiting.join('; ')}: no module provides these, or they need each other`,
      );
    }
    const [module] = pending.splice(ready, 1) as [AnyServerModule];
    const needs = Object.fromEntries(Object.keys(module.needs ?? {}).map((name) => [name, services[name]]));
    const provided = (await module.build?.(context, needs, contributions)) ?? {};
    for (const [name, service] of Object.entries(provided)) {
      if (name in services) throw new Error(`the service ${name} is provided twice (again by ${module.name})`);
      services[name] = service;
    }
  }

  files.registerJobs(context.jobs);
  for (const module of modules) module.registerJobs?.(context.jobs, services, context);
  return services as ServicesOf<List>;
}

/** Every module's route plugins inside `/api`, in list order. */
export function apiRoutesOf(modules: readonly AnyServerModule[], services: object, context: AppContext): RoutePlugin[] {
  return modules.flatMap((module) => module.routes?.(services, context) ?? []);
}

/** The routes outside `/api` (health), given the readiness reports every module contributes (made here, once per app). */
export function rootRoutesOf(modules: readonly AnyServerModule[], context: AppContext): RoutePlugin[] {
  const readiness: Partial<ReadinessReports> = {};
  for (const module of modules) Object.assign(readiness, module.readiness?.(context));
  return modules.flatMap((module) => module.rootRoutes?.(context, readiness) ?? []);
}

/** Releases what the modules hold, the last listed first. */
export async function closeModules(modules: readonly AnyServerModule[], services: object): Promise<void> {
  for (const module of [...modules].reverse()) await module.close?.(services);
}

/** The module list as given, checked: every need of a module is provided by one of the list (else a compile error naming it). */
export function serverModuleList<const List extends readonly AnyServerModule[]>(
  modules: List & NeedsProvided<List>,
): List {
  return modules;
}
