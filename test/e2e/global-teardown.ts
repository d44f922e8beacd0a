import { rm } from 'node:fs/promises';

/** Removes the run's data directory (every worker's embedded database), which playwright.config.ts made. */
export default async function removeRunDataDir() {
  const runDir = process.env.E2E_DATA_DIR;
  if (runDir && process.env.E2E_DATA_DIR_MADE_BY_CONFIG === runDir) await rm(runDir, { recursive: true, force: true });
}
