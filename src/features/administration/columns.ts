import type { Customer, Tractor, Trailer } from '#core/contract/master-data';
import type { ResourceColumn } from '#src/ui/resource-table-rows.ts';

/** How cells word what is not plain text, in the user's language and units. */
export interface CellFormat {
  yesNo: (value: boolean) => string;
  /** Grams in the user's weight unit, with its abbreviation. */
  weight: (grams: number) => string;
  cargoType: (id: number) => string;
}

const optional = (value: string | null) => value ?? '';

/** The tractor table's columns; `standard` adds the Standard-tier weight and contract (spec 2 §6). */
export function tractorColumns(format: CellFormat, standard: boolean): ResourceColumn<Tractor>[] {
  return [
    { key: 'name', labelKey: 'fields.name', text: (row) => row.userDisplayName, essential: true },
    { key: 'vin', labelKey: 'fields.vin', text: (row) => optional(row.vinNumber) },
    { key: 'licensePlate', labelKey: 'fields.licensePlate', text: (row) => optional(row.licensePlate), essential: true },
    { key: 'make', labelKey: 'fields.make', text: (row) => optional(row.make), filterable: true },
    { key: 'model', labelKey: 'fields.model', text: (row) => optional(row.model), filterable: true },
    ...(standard
      ? [
          {
            key: 'weight',
            labelKey: 'fields.weight',
            text: (row: Tractor) => (row.weight === null ? '' : format.weight(row.weight)),
            sortValue: (row: Tractor) => row.weight,
          },
          { key: 'contract', labelKey: 'fields.contract', text: (row: Tractor) => format.yesNo(row.contract), filterable: true },
        ]
      : []),
    { key: 'enabled', labelKey: 'fields.enabled', text: (row) => format.yesNo(row.enabled), filterable: true, essential: true },
  ];
}

export function trailerColumns(format: CellFormat, standard: boolean): ResourceColumn<Trailer>[] {
  return [
    { key: 'name', labelKey: 'fields.name', text: (row) => row.userDisplayName, essential: true },
    { key: 'vin', labelKey: 'fields.vin', text: (row) => optional(row.vinNumber) },
    { key: 'licensePlate', labelKey: 'fields.licensePlate', text: (row) => optional(row.licensePlate), essential: true },
    ...(standard
      ? [
          {
            key: 'maxCargoWeight',
            labelKey: 'fields.maxCargoWeight',
            text: (row: Trailer) => (row.maxCargoWeight === null ? '' : format.weight(row.maxCargoWeight)),
            sortValue: (row: Trailer) => row.maxCargoWeight,
          },
          {
            key: 'cargoTypes',
            labelKey: 'fields.cargoTypes',
            text: (row: Trailer) =>
              row.trailerCargoTypes
                .map((entry) => `${format.cargoType(entry.cargoTypeId)} × ${entry.compartmentCount}`)
                .join(', '),
          },
          {
            key: 'weight',
            labelKey: 'fields.weight',
            text: (row: Trailer) => (row.weight === null ? '' : format.weight(row.weight)),
            sortValue: (row: Trailer) => row.weight,
          },
          { key: 'contract', labelKey: 'fields.contract', text: (row: Trailer) => format.yesNo(row.contract), filterable: true },
        ]
      : []),
    { key: 'enabled', labelKey: 'fields.enabled', text: (row) => format.yesNo(row.enabled), filterable: true, essential: true },
  ];
}

export const CUSTOMER_COLUMNS: ResourceColumn<Customer>[] = [
  { key: 'name', labelKey: 'fields.customerName', text: (row) => row.customerName, essential: true },
];
