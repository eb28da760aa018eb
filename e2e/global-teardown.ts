import { rmSync } from 'node:fs';

/** The run's data directory (database, outbox, signing key) is of no use afterwards. */
export default function globalTeardown(): void {
  const dataDir = process.env['E2E_DATA_DIR'];
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
