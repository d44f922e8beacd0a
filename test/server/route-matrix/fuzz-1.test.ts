import { it } from 'vitest';
import { fuzzPart } from './route-matrix.ts';
import { checkRoute, FUZZ_TIMEOUT_MS, openRouteMatrix } from './matrix-suite.ts';

// The fuzzing is split over two files (two databases) so that vitest runs the halves side by side.
const { routes, matrix } = await openRouteMatrix();

for (const route of fuzzPart(routes, 0, 2)) {
  it(
    `${route.key}: hostile values from its schemas → 2xx or 4xx, never 5xx, nothing written when refused`,
    (context) => checkRoute(context, matrix(), () => matrix().fuzz(route)),
    FUZZ_TIMEOUT_MS,
  );
}
