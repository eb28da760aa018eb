import { rmSync } from 'node:fs';

/** The run's data directories (databases, outboxes, signing keys) are of no use afterwards. */
export default function globalTeardown(): void {
  const dataRoot = process.env['E2E_DATA_ROOT'];
  if (dataRoot) rmSync(dataRoot, { recursive: true, force: true });
}
