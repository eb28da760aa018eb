import {
  chmodSync,
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  type Stats,
} from 'node:fs';
import { join } from 'node:path';

/**
 * Files that hold personal data (the SQLite database and its -wal and -shm, backups, the
 * development signing key, the outbox's mails) are readable by their owner only, and their
 * folders too (README, "Files that hold personal data").
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

const STICKY = 0o1000;

/**
 * Takes away every permission beyond `mode` (keeping any stricter one). A folder with the
 * sticky bit, such as /tmp, is shared by design and never the server's to close: it is left.
 */
function tighten(path: string, stats: Stats, mode: number): void {
  const permissions = stats.mode & 0o777;
  if ((permissions & ~mode) === 0) return;
  if (stats.isDirectory() && (stats.mode & STICKY) !== 0) return;
  chmodSync(path, permissions & mode);
}

function statOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Creates a folder for personal data, and any missing folder above it, readable by its owner only. */
export function createPrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** A file of personal data that may exist already, with looser permissions, is tightened. */
export function tightenPrivateFile(path: string): void {
  const stats = statOrNull(path);
  if (stats?.isFile()) tighten(path, stats, PRIVATE_FILE_MODE);
}

/**
 * A folder of personal data and everything in it: folders 0700, files 0600. Symbolic links are
 * not followed, so nothing outside the folder is changed.
 */
export function tightenPrivateTree(path: string): void {
  const stats = statOrNull(path);
  if (!stats) return;
  if (stats.isFile()) tighten(path, stats, PRIVATE_FILE_MODE);
  if (!stats.isDirectory()) return;
  tighten(path, stats, PRIVATE_DIR_MODE);
  for (const entry of readdirSync(path)) tightenPrivateTree(join(path, entry));
}

/**
 * Creates an empty file readable by its owner only, refusing any path that exists: a file, a
 * folder, or a symbolic link, even one pointing nowhere, so that nothing is written through
 * a link somebody left there. Throws the system's EEXIST otherwise.
 */
export function createPrivateFile(path: string): void {
  closeSync(openSync(path, 'wx', PRIVATE_FILE_MODE));
}

/**
 * Makes sure the database file exists, readable by its owner only, before SQLite opens it:
 * SQLite gives the -wal and -shm files it creates the database file's permissions. Files
 * left with looser permissions by an older version are tightened.
 */
export function prepareSqliteFile(filename: string): void {
  closeSync(openSync(filename, 'a', PRIVATE_FILE_MODE));
  for (const path of [filename, `${filename}-wal`, `${filename}-shm`]) tightenPrivateFile(path);
}
