/**
 * Carrier coverage of cargo types (spec 2 §5): a carrier's cargo types must cover every cargo type
 * of each organization that uses it, and an organization's cargo types must be a subset of each of
 * its carriers' types. The cargo-types dialog disables Save while a problem remains and the server
 * refuses the same selection.
 */

/** A company on the other side of a carrier link, with the cargo types it is offered. */
export interface LinkedCompanyCargo {
  organizationId: number;
  name: string;
  cargoTypeIds: readonly number[];
}

export interface CargoCoverageContext {
  /** Companies whose loads this company carries (it is their carrier). */
  clients: readonly LinkedCompanyCargo[];
  /** This company's carriers. */
  carriers: readonly LinkedCompanyCargo[];
}

export type CargoCoverageProblem =
  /** The selection lacks cargo types a client is offered, which this company as its carrier must carry. */
  | { kind: 'clientNotCovered'; organizationId: number; name: string; cargoTypeIds: number[] }
  /** The selection holds cargo types a carrier of this company does not carry. */
  | { kind: 'carrierLacks'; organizationId: number; name: string; cargoTypeIds: number[] };

/** Every coverage rule the selection breaks, one problem per linked company; none means it may be saved. */
export function cargoCoverageProblems(selectedIds: readonly number[], context: CargoCoverageContext): CargoCoverageProblem[] {
  const selected = new Set(selectedIds);
  const problems: CargoCoverageProblem[] = [];
  for (const client of context.clients) {
    const missing = client.cargoTypeIds.filter((id) => !selected.has(id));
    if (missing.length) problems.push({ kind: 'clientNotCovered', ...company(client), cargoTypeIds: sorted(missing) });
  }
  for (const carrier of context.carriers) {
    const carried = new Set(carrier.cargoTypeIds);
    const lacking = [...selected].filter((id) => !carried.has(id));
    if (lacking.length) problems.push({ kind: 'carrierLacks', ...company(carrier), cargoTypeIds: sorted(lacking) });
  }
  return problems;
}

const company = ({ organizationId, name }: LinkedCompanyCargo) => ({ organizationId, name });
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
