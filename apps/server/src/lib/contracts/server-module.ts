import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import type { FileRemovals } from '../file-removals.js';
import type { StoredFileReferences } from '../file-references.js';
import type { FileSweep } from '../file-sweep.js';
import type { JobRunner } from '../jobs/job-runner.js';
import type { NotificationSource } from './notification-source.js';
import type { ReadinessReports } from './readiness.js';
import type { SearchSource } from './search-source.js';
import type { TrashSource } from './trash-source.js';

/** A route plugin and the prefix it is registered under. */
export interface RoutePlugin {
  plugin: FastifyPluginAsyncZod;
  prefix: string;
}

/** The stored-file services every module may name in its needs (lib/stored-files.ts builds them from every manifest's `storedFiles`). */
export interface StoredFileServices {
  fileRemovals: FileRemovals;
  fileSweep: FileSweep;
}

/** What a module's build is handed besides its needs: what the modules contribute to each other. */
export interface BuildContributions {
  /** Every module's trash sources, in module-list order. */
  trashSources: readonly TrashSource[];
}

type NoServices = Record<never, never>;

/**
 * Everything one area of the server contributes, in one shape (issue 28). `Needs` are the services of
 * other modules it is built from, by name; `Provides` the services it adds to the registry. Every
 * slot is optional: an area declares what it has. Members are methods so that modules of different
 * needs fit one list.
 */
interface ModuleSlots<Needs extends object, Provides extends object> {
  /** Named in errors of the registry. */
  readonly name: string;
  /** Its services, from the context and the named needs only. */
  build?(context: AppContext, needs: Needs, contributions: BuildContributions): Provides | Promise<Provides>;
  /** Its route plugins inside the `/api` scope, in registration order, with their prefixes. */
  routes?(services: Provides & Needs, context: AppContext): readonly RoutePlugin[];
  /** Routes outside `/api` (no cookies, answer cache or rate limit): the health checks. */
  rootRoutes?(context: AppContext, readiness: Partial<ReadinessReports>): readonly RoutePlugin[];
  /** Declares its jobs and schedules on the runner (before it starts). */
  registerJobs?(jobs: JobRunner, services: Provides & Needs, context: AppContext): void;
  /** The columns of its tables that refer to stored files: the orphan sweep and purged-file removal read these. */
  readonly storedFiles?: readonly StoredFileReferences[];
  /** Its parts of the trash. Built from the context and the stored-file removals only, before any module's services. */
  trashSources?(context: AppContext, files: StoredFileServices): readonly TrashSource[];
  /** Issue 36's slot: what the global search may look through (lib/contracts/search-source.ts). Not read yet. */
  searchSources?(services: Provides & Needs): readonly SearchSource[];
  /** Issue 34's slot: the events it announces (lib/contracts/notification-source.ts). Not read yet. */
  notificationSources?(services: Provides & Needs): readonly NotificationSource[];
  /** Its parts of the readiness report, made once per HTTP app. */
  readiness?(context: AppContext): Partial<ReadinessReports>;
  /** Releases what it holds (threads, a browser) when the app or process closes. */
  close?(services: Provides & Needs): Promise<void>;
}

/** `needs` lists by name every service the module's type says it needs (the registry hands over these only). */
type NeedsDeclaration<Needs extends object> = keyof Needs extends never
  ? { readonly needs?: NoServices }
  : { readonly needs: { readonly [Name in keyof Needs]-?: true } };

export type ServerModule<Needs extends object = NoServices, Provides extends object = NoServices> = ModuleSlots<
  Needs,
  Provides
> &
  NeedsDeclaration<Needs>;

/** Any module, for lists of them. */
export type AnyServerModule = ModuleSlots<object, object> & { readonly needs?: Readonly<Record<string, true>> };

/**
 * Declares a module: `serverModule<{ users: UsersService }>()({ name, needs: { users: true }, build, … })`.
 * The needs are given as a type (what the module may use of them); the services it provides are
 * whatever its `build` answers.
 */
export const serverModule =
  <Needs extends object = NoServices>() =>
  <Provides extends object = NoServices>(module: ServerModule<Needs, Provides>): ServerModule<Needs, Provides> =>
    module;

/** What a module's `build` takes and answers, read from its type. */
type BuildOf<Module> = Module extends {
  build?: (context: AppContext, needs: infer Needs, contributions: BuildContributions) => infer Built;
}
  ? { needs: Needs; provides: Awaited<Built> }
  : { needs: NoServices; provides: NoServices };
type Intersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (value: infer All) => void
  ? All
  : never;

/** The registry's services: what every module of the list provides, and the stored-file services. */
export type ServicesOf<List extends readonly AnyServerModule[]> = StoredFileServices &
  Intersection<{ [Index in keyof List]: BuildOf<List[Index]>['provides'] }[number]>;

/** Of a module's needs, those no module of the list provides (or provides as another type). */
type Unprovided<
  List extends readonly AnyServerModule[],
  Module,
  Needs = BuildOf<Module>['needs'],
  Services = ServicesOf<List>,
> = {
  [Name in keyof Needs]: Name extends keyof Services ? (Services[Name] extends Needs[Name] ? never : Name) : Name;
}[keyof Needs];

/** `unknown` when the list provides every need of its modules; otherwise names the needs nobody provides (a compile error where the list is made). */
export type NeedsProvided<List extends readonly AnyServerModule[]> = [
  { [Index in keyof List]: Unprovided<List, List[Index]> }[number],
] extends [never]
  ? unknown
  : { neededButNotProvidedAsTyped: { [Index in keyof List]: Unprovided<List, List[Index]> }[number] };
