import { expect, it } from 'vitest';
import { checkRoute, openRouteMatrix } from './matrix-suite.ts';
import { matrixCoverage } from './route-matrix.ts';

const { routes, matrix } = await openRouteMatrix();

it('declares every route of the server, and only those', ({ task }) => {
  task.meta.routeMatrix = { routes: routes.length };
  expect(matrixCoverage(routes)).toEqual({ withoutEntry: [], withoutRoute: [] });
});

it('names a route added without an entry, and an entry whose route is gone', () => {
  const gone = routes.find((route) => route.method === 'POST');
  const added = { key: 'POST /api/route-matrix-probe', method: 'POST', url: '/api/route-matrix-probe', schema: {} };
  const changed = [...routes.filter((route) => route !== gone), added];
  expect(matrixCoverage(changed)).toEqual({ withoutEntry: [added.key], withoutRoute: [gone?.key] });
});

for (const route of routes) {
  it(`${route.key}: anonymous → 401, a role without the rule → 403, another organization's ids → 404 or 400`, (context) =>
    checkRoute(context, matrix(), async () => {
      await matrix().checkAnonymous(route);
      await matrix().checkRoles(route);
      await matrix().checkForeignIds(route);
    }));
}

it('answers a path under /api that no route serves with the JSON 404', (context) =>
  checkRoute(context, matrix(), () => matrix().checkUnknownPaths()));
