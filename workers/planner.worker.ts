import * as Comlink from 'comlink';
import * as planning from '#core/domain/planning/index';

/** The planning functions of core/domain/planning, called from the page through Comlink (src/data/planner.ts). */
Comlink.expose(planning);

export type PlannerApi = typeof planning;
