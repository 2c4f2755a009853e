import { spawnSync } from 'node:child_process';

export interface OwnPostgresDatabase {
  url: string;
  drop(): void;
}

/**
 * A new, empty database on a PostgreSQL server (its URL, e.g. postgres://postgres@127.0.0.1:5432),
 * made with createdb, so that every server started here has one of its own; `drop` removes it.
 */
export function createPostgresDatabase(serverUrl: string, prefix = 'srpf_test'): OwnPostgresDatabase {
  const server = new URL(serverUrl);
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const args = [
    '-h',
    server.hostname,
    '-p',
    server.port || '5432',
    '-U',
    decodeURIComponent(server.username) || 'postgres',
  ];
  const created = spawnSync('createdb', [...args, name], { stdio: 'inherit' });
  if (created.status !== 0) throw new Error(`createdb ${name} failed`);
  server.pathname = `/${name}`;
  return {
    url: server.toString(),
    drop: () => void spawnSync('dropdb', [...args, '--if-exists', '--force', name], { stdio: 'inherit' }),
  };
}
