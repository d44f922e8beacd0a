import { afterAll, beforeAll, expect, type TestContext } from 'vitest';
import { createTestApp } from '#test/server/test-app';
import { writeSnapshotter } from './nothing-written.ts';
import { type MatrixFailure, RouteMatrix } from './route-matrix.ts';
import { listServerRoutes, type ServerRoute } from './route-table.ts';
import { loadMatrixWorld } from './world.ts';

/** A route's fuzzing sends hundreds of requests; on two busy cores the largest take about 20 s. */
export const FUZZ_TIMEOUT_MS = 120_000;

/**
 * A matrix test file's set-up: its own database and app, the server's route table (read while the
 * file is collected, so each route gets a test of its own) and, before the tests, the demo world.
 */
export async function openRouteMatrix(): Promise<{ routes: ServerRoute[]; matrix: () => RouteMatrix }> {
  const test = await createTestApp();
  const routes = await listServerRoutes(test.database.db);
  let matrix: RouteMatrix | undefined;
  beforeAll(async () => {
    matrix = new RouteMatrix(await loadMatrixWorld(test), routes, await writeSnapshotter(test.database.pool));
  }, 60_000);
  afterAll(() => test.close());
  return {
    routes,
    matrix: () => {
      if (!matrix) throw new Error('the route matrix is set up in beforeAll');
      return matrix;
    },
  };
}

function formatFailure({ check, request, answer, written }: MatrixFailure): string {
  return [`- ${check}`, `  ${request}`, `  → ${answer}`, ...(written ? [`  wrote: ${written.join('; ')}`] : [])].join('\n');
}

/** Runs one route's checks, records how many requests they sent, and fails listing every unexpected answer. */
export async function checkRoute(context: TestContext, matrix: RouteMatrix, checks: () => Promise<void>) {
  const sent = matrix.requests;
  await checks();
  context.task.meta.routeMatrix = { requests: matrix.requests - sent };
  const failures = matrix.takeFailures();
  if (failures.length) expect.fail(`${failures.length} answers broke the matrix:\n${failures.map(formatFailure).join('\n')}`);
}
