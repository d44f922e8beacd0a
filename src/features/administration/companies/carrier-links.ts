import { CARGO_COVERAGE_RULE, type CarrierLinkInput, type CompanyCarrierLink } from '#core/contract/companies';

/** A row of the carriers dialog: one carrier company and its link to the company, if enabled. */
export interface CarrierRow {
  carrierOrganizationId: number;
  name: string;
  /** Enabled = a link exists; once saved it cannot be un-enabled (spec 2 §5). */
  enabled: boolean;
  saved: boolean;
  link: CarrierLinkInput;
}

/** A link added by checking "enabled": inactive, every role with the carrier (spec 2 §5). */
export const newCarrierLink = (carrierOrganizationId: number): CarrierLinkInput => ({
  carrierOrganizationId,
  isActive: false,
  loadDriver: 'Carrier',
  loadTractor: 'Carrier',
  loadTrailer: 'Carrier',
});

/** Every carrier company other than the company itself, with its saved link when there is one, by name. */
export function carrierRows(
  companyId: number,
  carriers: readonly { id: number; name: string; isCarrier: boolean }[],
  links: readonly CompanyCarrierLink[],
): CarrierRow[] {
  return carriers
    .filter((carrier) => carrier.isCarrier && carrier.id !== companyId)
    .map((carrier) => {
      const saved = links.find((link) => link.carrierOrganizationId === carrier.id);
      return {
        carrierOrganizationId: carrier.id,
        name: carrier.name,
        enabled: saved !== undefined,
        saved: saved !== undefined,
        link: saved
          ? {
              carrierOrganizationId: carrier.id,
              isActive: saved.isActive,
              loadDriver: saved.loadDriver,
              loadTractor: saved.loadTractor,
              loadTrailer: saved.loadTrailer,
              version: saved.version,
            }
          : newCarrierLink(carrier.id),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Enabling adds a fresh link; a saved link cannot be un-enabled. */
export function setCarrierEnabled(row: CarrierRow, enabled: boolean): CarrierRow {
  if (row.saved) return row;
  return { ...row, enabled, link: newCarrierLink(row.carrierOrganizationId) };
}

/** Role selectors work only on an enabled and active link (spec 2 §5). */
export const rolesEditable = (row: CarrierRow) => row.enabled && row.link.isActive;

/** What `PUT …/carriers` receives: every enabled link. */
export const carrierLinksToSave = (rows: readonly CarrierRow[]) => rows.filter((row) => row.enabled).map((row) => row.link);

/** A new carrier the server refused (422 `cargoCoverage`) with the company's cargo types it does not carry. */
export interface UncoveredCarrier {
  carrierOrganizationId: number;
  cargoTypeIds: number[];
}

/** The carriers a refused save names (`carrierLacks.<carrier id>` issues, the missing cargo type ids as their message). */
export function uncoveredCarriers(error: {
  rule?: string;
  issues?: readonly { path: string; message: string }[];
}): UncoveredCarrier[] {
  if (error.rule !== CARGO_COVERAGE_RULE) return [];
  return (error.issues ?? []).flatMap((issue) => {
    const carrier = /^carrierLacks\.(\d+)$/.exec(issue.path);
    if (!carrier) return [];
    const cargoTypeIds = issue.message.split(',').map(Number).filter(Number.isInteger);
    return [{ carrierOrganizationId: Number(carrier[1]), cargoTypeIds }];
  });
}
