import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Migration } from 'kysely';

/** A migration file's name: a 12-digit UTC timestamp, then what it does. */
export const MIGRATION_FILE = /^(\d{12}_[a-z0-9_]+)\.ts$/;

/**
 * Every migration in this folder, in name (= time) order, read from the folder itself:
 * adding a migration is adding a file, with no list to keep in step. Forward-only: never
 * edit a landed one. test/areas.test.ts fails on a file here that does not follow the name
 * rule (it would otherwise be skipped silently).
 */
async function loadMigrations(): Promise<Record<string, Migration>> {
  const folder = import.meta.dirname;
  const names = (await readdir(folder))
    .map((file) => MIGRATION_FILE.exec(file)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
  const modules = await Promise.all(
    names.map(async (name) => (await import(pathToFileURL(join(folder, `${name}.ts`)).href)) as Migration),
  );
  return Object.fromEntries(names.map((name, i) => [name, modules[i]!]));
}

export const migrations: Record<string, Migration> = await loadMigrations();
