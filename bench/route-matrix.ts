import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { roundMs } from './stats.ts';

const MATRIX_FOLDER = 'test/server/route-matrix';
const GOAL_MS = 120_000;

interface VitestJsonReport {
  numTotalTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: { meta?: { routeMatrix?: { routes?: number; requests?: number } } }[];
  }[];
}

/**
 * The route matrix as `npm test` runs it (vitest, project server, its test files side by side), timed
 * from start to end, set-up of the embedded PostgreSQL included; its size comes from the figures
 * each test records in its meta, read back from vitest's JSON report.
 */
export async function measureRouteMatrix(repoRoot: string, log: (message: string) => void) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'route-matrix-'));
  const reportFile = path.join(folder, 'report.json');
  try {
    log('route matrix (vitest)');
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const args = ['vitest', 'run', '--project', 'server', MATRIX_FOLDER, '--reporter=json', `--outputFile=${reportFile}`];
      const child = spawn('npx', args, { cwd: repoRoot, stdio: ['ignore', 'ignore', process.stderr] });
      child.on('error', reject);
      // A failing matrix still reports its size; the failures show in failedTests.
      child.on('exit', () => resolve());
    });
    const runMs = performance.now() - started;
    const report = JSON.parse(await readFile(reportFile, 'utf8')) as VitestJsonReport;
    const figures = report.testResults.flatMap((file) => file.assertionResults.map((test) => test.meta?.routeMatrix ?? {}));
    return {
      routes: Math.max(0, ...figures.map((figure) => figure.routes ?? 0)),
      requests: figures.reduce((sum, figure) => sum + (figure.requests ?? 0), 0),
      tests: report.numTotalTests,
      failedTests: report.numFailedTests,
      runMs: { ms: roundMs(runMs), goalMs: GOAL_MS, met: runMs <= GOAL_MS },
      fileMs: Object.fromEntries(
        report.testResults.map((file) => [path.basename(file.name), roundMs(file.endTime - file.startTime)]),
      ),
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
