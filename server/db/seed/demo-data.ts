/**
 * Static tables of the demo data set (seeded by demo-seed.ts). Everything here is fixed; only the
 * dates of the loads are placed relative to the seeding time (week 0 = the current week).
 */
import { FEATURES, type FeatureName, type PermissionName, type RoleName } from '#core/domain/access';

export const DEMO_TIMEZONE = 'America/Chicago';

// ---------------------------------------------------------------------------
// Reference tables
// ---------------------------------------------------------------------------

export const FEATURE_DESCRIPTIONS: Readonly<Record<FeatureName, string>> = {
  DeliveryTickets: 'Printable delivery tickets for completed stops',
  MergeDrafts: 'Combine several drafts into one load',
  UnmergeDrafts: 'Split a merged draft back into its sources',
  CascadingStopScheduling: 'Schedule a set of drafts at a fixed interval from one location',
  BulkScheduling: 'Schedule, reorder and assign many drafts at once',
  DeliveryTracking: 'Live map of drivers and trailers with arrival estimates',
  Checklists: 'Tractor and trailer inspection checklists',
  ProductionPlanning: 'Production cards for the mill',
  SiteIssues: 'Report and resolve issues at sites',
  Drafts: 'Plan loads as drafts before publishing them',
  Reports: 'Efficiency, on-time and decision reports',
  StandardRoutes: 'Fixed routes between two locations',
  ServerAPI: 'Service accounts for server-to-server integration',
};

/** What a permission lets one do, where its name alone does not say it well ("ViewDevices" reads "View devices"). */
const PERMISSION_DESCRIPTION_OVERRIDES: Partial<Record<PermissionName, string>> = {
  AccessAdministration: 'Open the administration menu',
  ViewOwningOrders: 'View loads of the company',
  ViewLiveMap: 'View the live map',
  EditOrder: 'Edit loads and drafts',
  CreateOrder: 'Create loads and drafts',
  CompleteOrder: 'Complete loads manually',
  AssignDrivers: 'Assign drivers, tractors and trailers to loads',
  DeleteOrder: 'Delete loads and drafts',
  ViewChecklist: 'View inspection checklists',
  ResolveChecklistItem: 'Resolve failed checklist items',
  ViewAllCompanies: 'View and switch to every company on the platform',
  CreateCompany: 'Create companies',
  ViewReportDriverEfficiency: 'View the driver efficiency report',
  ViewReportDecision: 'View the decision report',
  ViewReportSequencing: 'View the sequencing report',
  ViewReportSplitStop: 'View the split stop report',
  ViewReportOnTime: 'View the on-time report',
  ViewReportSiteIssues: 'View the site issues report',
  CreateUser: 'Create users',
  EditUser: 'Edit users',
  DeleteUser: 'Delete users',
  ModifyGlobalAvoidanceZones: 'Edit avoidance zones shared by every company',
  ViewServiceUser: 'View service accounts',
  CreateServiceUser: 'Create service accounts',
  DeleteServiceUser: 'Delete service accounts',
  EditCompany: 'Edit company settings',
  ViewNotificationConfigs: 'View notification settings',
  ManageDowntime: 'Schedule downtime for tractors, trailers and locations',
};

/** The description the permissions table stores for a permission: its override, else its name in words. */
export function permissionDescription(name: PermissionName): string {
  const [verb = '', ...rest] = name.match(/[A-Z][a-z]*/g) ?? [name];
  return PERMISSION_DESCRIPTION_OVERRIDES[name] ?? [verb, ...rest.map((word) => word.toLowerCase())].join(' ');
}

export { DEFAULT_ROLE_PERMISSIONS as ROLE_PERMISSIONS } from '#core/domain/access';
export type { RoleName };

/**
 * Labels follow the measurement basis of core/domain/cargo.ts: ids 2, 9–11 and 22–35 are bulk
 * cargo by weight; the others are counted (bags, buckets, head of livestock, totes).
 */
export const CARGO_TYPES: readonly { id: number; label: string; category: 'Feed' | 'Other' }[] = [
  { id: 1, label: 'Bagged Feed', category: 'Feed' },
  { id: 2, label: 'Bulk Feed', category: 'Feed' },
  { id: 3, label: 'Hogs', category: 'Other' },
  { id: 4, label: 'Feeder Pigs', category: 'Other' },
  { id: 5, label: 'Cull Sows', category: 'Other' },
  { id: 6, label: 'Pallets', category: 'Other' },
  { id: 7, label: 'Totes', category: 'Other' },
  { id: 8, label: 'Weaned Pigs', category: 'Other' },
  { id: 9, label: 'Corn', category: 'Feed' },
  { id: 10, label: 'Soybean Meal', category: 'Feed' },
  { id: 11, label: 'Wheat Midds', category: 'Feed' },
  { id: 12, label: 'Feeder Cattle', category: 'Other' },
  { id: 13, label: 'Calves', category: 'Other' },
  { id: 14, label: 'Broilers', category: 'Other' },
  { id: 15, label: 'Turkeys', category: 'Other' },
  { id: 16, label: 'Laying Hens', category: 'Other' },
  { id: 17, label: 'Supplement Buckets', category: 'Feed' },
  { id: 18, label: 'Mineral Tubs', category: 'Feed' },
  { id: 19, label: 'Premix Bags', category: 'Feed' },
  { id: 20, label: 'Milk Replacer Bags', category: 'Feed' },
  { id: 21, label: 'Miscellaneous', category: 'Other' },
  { id: 22, label: 'DDGS', category: 'Feed' },
  { id: 23, label: 'Oats', category: 'Feed' },
  { id: 24, label: 'Barley', category: 'Feed' },
  { id: 25, label: 'Sorghum', category: 'Feed' },
  { id: 26, label: 'Whole Soybeans', category: 'Feed' },
  { id: 27, label: 'Hog Finisher Ration', category: 'Feed' },
  { id: 28, label: 'Sow Lactation Ration', category: 'Feed' },
  { id: 29, label: 'Broiler Grower Ration', category: 'Feed' },
  { id: 30, label: 'Layer Ration', category: 'Feed' },
  { id: 31, label: 'Dairy Ration', category: 'Feed' },
  { id: 32, label: 'Calf Starter', category: 'Feed' },
  { id: 33, label: 'Limestone', category: 'Other' },
  { id: 34, label: 'Soybean Hulls', category: 'Feed' },
  { id: 35, label: 'Corn Gluten Feed', category: 'Feed' },
  { id: 36, label: 'Hay Bales', category: 'Feed' },
];

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
const MILL_SHIPS = [1, 2, 9, 10, 11, ...range(17, 20), ...range(22, 36)];
const INGREDIENTS = [9, 10, 11, ...range(22, 26), 33, 34, 35];
const LIVESTOCK = [3, 4, 5, 8, ...range(12, 16)];

export const LOCATION_TYPES: readonly {
  id: number;
  name: string;
  category: 'Site' | 'Other';
  shipsCargoTypeIds: number[];
  receivesCargoTypeIds: number[];
}[] = [
  { id: 1, name: 'Feed Mill', category: 'Site', shipsCargoTypeIds: MILL_SHIPS, receivesCargoTypeIds: INGREDIENTS },
  {
    id: 2,
    name: 'Farm',
    category: 'Site',
    shipsCargoTypeIds: LIVESTOCK,
    receivesCargoTypeIds: [1, 2, 6, 7, 9, 10, 11, ...range(17, 20), ...range(22, 36), ...LIVESTOCK],
  },
  { id: 3, name: 'Scale', category: 'Site', shipsCargoTypeIds: [], receivesCargoTypeIds: [] },
  { id: 4, name: 'Yard', category: 'Site', shipsCargoTypeIds: [], receivesCargoTypeIds: [6, 7] },
  { id: 5, name: 'Office', category: 'Other', shipsCargoTypeIds: [], receivesCargoTypeIds: [] },
  {
    id: 6,
    name: 'Grain Elevator',
    category: 'Site',
    shipsCargoTypeIds: [9, 10, 11, ...range(22, 26)],
    receivesCargoTypeIds: [9, 23, 24, 25, 26],
  },
  { id: 7, name: 'Packing Plant', category: 'Site', shipsCargoTypeIds: [], receivesCargoTypeIds: [3, 5, 12, 14, 15, 16] },
];
export const LOCATION_TYPE_IDS = { FeedMill: 1, Farm: 2, Scale: 3, Yard: 4, Office: 5 } as const;

// ---------------------------------------------------------------------------
// Organizations
// ---------------------------------------------------------------------------

export type OrgKey = 'prairie' | 'swift' | 'littleCreek' | 'platform';

export const ORGANIZATIONS: readonly {
  key: OrgKey;
  name: string;
  tier: 'Freemium' | 'Standard';
  isCarrier: boolean;
  latitude: number;
  longitude: number;
  features: readonly FeatureName[];
  /** Cargo types offered to the company; 'all' = the 36 of CARGO_TYPES. */
  cargoTypeIds: 'all' | readonly number[];
}[] = [
  {
    key: 'prairie',
    name: 'Prairie Feed Co.',
    tier: 'Standard',
    isCarrier: false,
    latitude: 42.0228,
    longitude: -93.4522,
    features: FEATURES,
    cargoTypeIds: 'all',
  },
  {
    key: 'swift',
    name: 'Swift Haul Carriers',
    tier: 'Standard',
    isCarrier: true,
    latitude: 41.5868,
    longitude: -93.625,
    features: ['DeliveryTracking', 'DeliveryTickets', 'Reports'],
    cargoTypeIds: 'all',
  },
  {
    key: 'littleCreek',
    name: 'Little Creek Farms',
    tier: 'Freemium',
    isCarrier: false,
    latitude: 42.0597,
    longitude: -93.8802,
    features: ['Drafts'],
    cargoTypeIds: [1, 2, 3, 4, 9, 10, 27],
  },
  {
    key: 'platform',
    name: 'Dispatch Platform',
    tier: 'Standard',
    isCarrier: false,
    latitude: 41.8781,
    longitude: -87.6298,
    features: FEATURES,
    cargoTypeIds: [],
  },
];

export const CARRIER_LINKS: readonly {
  org: OrgKey;
  carrier: OrgKey;
  isActive: boolean;
  loadDriver: 'Owning' | 'Carrier' | 'Both';
  loadTractor: 'Owning' | 'Carrier' | 'Both';
  loadTrailer: 'Owning' | 'Carrier' | 'Both';
}[] = [{ org: 'prairie', carrier: 'swift', isActive: true, loadDriver: 'Carrier', loadTractor: 'Carrier', loadTrailer: 'Both' }];

// ---------------------------------------------------------------------------
// Master data: customers, locations, tractors, trailers
// ---------------------------------------------------------------------------

/** Customer names are unique across the demo data; locations and loads refer to them by name. */
export const CUSTOMERS: readonly { org: OrgKey; customerName: string }[] = [
  { org: 'prairie', customerName: 'Ridgeview Pork LLC' },
  { org: 'prairie', customerName: 'Heartland Swine Partners' },
  { org: 'prairie', customerName: 'Skunk River Poultry' },
  { org: 'prairie', customerName: 'Maxwell Turkey Co.' },
  { org: 'prairie', customerName: 'Central Iowa Egg Co.' },
  { org: 'prairie', customerName: 'Ballard Creek Dairy' },
  { org: 'prairie', customerName: 'Story County Co-op' },
  { org: 'littleCreek', customerName: 'Little Creek Farms' },
];

export type GroupColor = 'red' | 'green' | 'blue' | 'orange' | 'yellow' | 'purple';

export interface SubLocationSeed {
  name: string;
  /** Offset of the sub-location's centre from the location's, in degrees; null = no geofence. */
  offset: { lat: number; lng: number } | null;
  shape?: 'circle' | 'box';
}

export interface LocationSeed {
  org: OrgKey;
  /** Unique across the demo data; loads refer to locations by name. */
  name: string;
  description?: string;
  locationTypeId: number;
  customer?: string;
  address1: string;
  city: string;
  state: string;
  postalCode: string;
  latitude: number;
  longitude: number;
  groupColor: GroupColor;
  hasScale?: boolean;
  premiseId?: string;
  siteInstructions?: string;
  subLocations: readonly SubLocationSeed[];
}

const bins = (count: number): SubLocationSeed[] =>
  range(1, count).map((number) => ({
    name: `Bin ${number}`,
    offset: { lat: 0.0003, lng: -0.0012 + number * 0.0004 },
    shape: 'circle',
  }));
const barns: SubLocationSeed[] = [
  { name: 'Barn 1', offset: { lat: 0.0006, lng: -0.001 }, shape: 'box' },
  { name: 'Barn 2', offset: { lat: -0.0006, lng: 0.001 }, shape: 'box' },
];

export const LOCATIONS: readonly LocationSeed[] = [
  // Feed mills
  {
    org: 'prairie',
    name: 'Nevada Mill',
    description: 'Main mill with certified truck scale',
    locationTypeId: LOCATION_TYPE_IDS.FeedMill,
    address1: '1450 Lincoln Way',
    city: 'Nevada',
    state: 'IA',
    postalCode: '50201',
    latitude: 42.0169,
    longitude: -93.4396,
    groupColor: 'red',
    hasScale: true,
    siteInstructions: 'Check in at the scale house. Load-out bins are on the north side.',
    subLocations: bins(4),
  },
  {
    org: 'prairie',
    name: 'Story City Mill',
    description: 'Poultry and turkey feed',
    locationTypeId: LOCATION_TYPE_IDS.FeedMill,
    address1: '615 Grand Ave',
    city: 'Story City',
    state: 'IA',
    postalCode: '50248',
    latitude: 42.1795,
    longitude: -93.5889,
    groupColor: 'red',
    subLocations: [
      { name: 'Load-out A', offset: { lat: 0.0004, lng: -0.0005 }, shape: 'circle' },
      { name: 'Load-out B', offset: null },
    ],
  },
  {
    org: 'prairie',
    name: 'Huxley Mill',
    description: 'Dairy rations, ingredients and bagged products',
    locationTypeId: LOCATION_TYPE_IDS.FeedMill,
    address1: '302 E 1st St',
    city: 'Huxley',
    state: 'IA',
    postalCode: '50124',
    latitude: 41.8991,
    longitude: -93.5965,
    groupColor: 'red',
    subLocations: bins(4).map((bin, index) => (index >= 2 ? { ...bin, offset: null } : bin)),
  },
  // Farms
  {
    org: 'prairie',
    name: 'Ridgeview Finisher 1',
    description: 'Wean-to-finish hog barns, 4,800 head',
    locationTypeId: LOCATION_TYPE_IDS.Farm,
    customer: 'Ridgeview Pork LLC',
    address1: '56872 170th St',
    city: 'Roland',
    state: 'IA',
    postalCode: '50236',
    latitude: 42.1702,
    longitude: -93.4788,
    groupColor: 'green',
    premiseId: '005KQ7R',
    siteInstructions: 'Biosecurity: stay in the cab, blow feed from the west drive.',
    subLocations: barns,
  },
  {
    org: 'prairie',
    name: 'Ridgeview Sow Unit',
    description: 'Farrowing and gestation, 2,500 sows',
    locationTypeId: LOCATION_TYPE_IDS.Farm,
    customer: 'Ridgeview Pork LLC',
    address1: '2934 590th Ave',
    city: 'Zearing',
    state: 'IA',
    postalCode: '50278',
    latitude: 42.1449,
    longitude: -93.3112,
    groupColor: 'green',
    premiseId: '00B3MZ4',
    siteInstructions: 'Truck must be washed within 48 hours before delivery.',
    subLocations: barns,
  },
  {
    org: 'prairie',
    name: 'Colo Nursery',
    description: 'Hog nursery',
    locationTypeId: LOCATION_TYPE_IDS.Farm,
    customer: 'Heartland Swine Partners',
    address1: '1207 640th Ave',
    city: 'Colo',
    state: 'IA',
    postalCode: '50056',
    latitude: 42.0297,
    longitude: -93.3336,
    groupColor: 'green',
    premiseId: '00C8TW2',
    subLocations: barns,
  },
  {
    org: 'prairie',
    name: 'Skunk River Broilers',
    description: 'Broiler houses',
    locationTypeId: LOCATION_TYPE_IDS.Farm,
    customer: 'Skunk River Poultry',
    address1: '14783 550th Ave',
    city: 'Gilbert',
    state: 'IA',
    postalCode: '50105',
    latitude: 42.1178,
    longitude: -93.6321,
    groupColor: 'orange',
    premiseId: '00D2HX9',
    subLocations: barns,
  },
  {
    org: 'prairie',
    name: 'Maxwell Turkey Farm',
    description: 'Turkey grow-out barns',
    locationTypeId: LOCATION_TYPE_IDS.Farm,
    customer: 'Maxwell Turkey Co.',
    address1: '62840 260th St',
    city: 'Maxwell',
    state: 'IA',
    postalCode: '50161',
    latitude: 41.9062,
    longitude: -93.3781,
    groupColor: 'orange',
    premiseId: '00E6PL1',
    subLocations: barns,
  },
  {
    org: 'prairie',
    name: 'State Center Layers',
    description: 'Cage-free layer houses',
    locationTypeId: LOCATION_TYPE_IDS.Farm,
    customer: 'Central Iowa Egg Co.',
    address1: '2311 Orchard Ave',
    city: 'State Center',
    state: 'IA',
    postalCode: '50247',
    latitude: 42.0309,
    longitude: -93.1802,
    groupColor: 'yellow',
    premiseId: '00F4RN8',
    subLocations: barns,
  },
  {
    org: 'prairie',
    name: 'Ballard Creek Dairy',
    description: 'Dairy, 900 cows',
    locationTypeId: LOCATION_TYPE_IDS.Farm,
    customer: 'Ballard Creek Dairy',
    address1: '24118 Hwy R38',
    city: 'Slater',
    state: 'IA',
    postalCode: '50244',
    latitude: 41.8891,
    longitude: -93.7122,
    groupColor: 'blue',
    premiseId: '00G9KC5',
    siteInstructions: 'Commodity shed is behind the parlor; dump ingredients in the marked bay.',
    subLocations: barns,
  },
  {
    org: 'prairie',
    name: 'Cambridge Heifer Farm',
    description: 'Heifer and calf raising',
    locationTypeId: LOCATION_TYPE_IDS.Farm,
    customer: 'Ballard Creek Dairy',
    address1: '58290 290th St',
    city: 'Cambridge',
    state: 'IA',
    postalCode: '50046',
    latitude: 41.8852,
    longitude: -93.5121,
    groupColor: 'blue',
    premiseId: '00H1VB3',
    subLocations: barns,
  },
  // Scale and yard
  {
    org: 'prairie',
    name: 'Ames Certified Scale',
    description: 'Certified public scale at I-35 and US 30',
    locationTypeId: LOCATION_TYPE_IDS.Scale,
    address1: '1500 S Dayton Ave',
    city: 'Ames',
    state: 'IA',
    postalCode: '50010',
    latitude: 42.0094,
    longitude: -93.5794,
    groupColor: 'purple',
    subLocations: [],
  },
  {
    org: 'prairie',
    name: 'Nevada Truck Yard',
    description: 'Tractor and trailer parking, wash bay',
    locationTypeId: LOCATION_TYPE_IDS.Yard,
    address1: '705 K Ave',
    city: 'Nevada',
    state: 'IA',
    postalCode: '50201',
    latitude: 42.0135,
    longitude: -93.4478,
    groupColor: 'purple',
    subLocations: [],
  },
  // Little Creek Farms
  {
    org: 'littleCreek',
    name: 'Little Creek Feed Center',
    description: 'On-farm feed mill',
    locationTypeId: LOCATION_TYPE_IDS.FeedMill,
    address1: '1766 X Ave',
    city: 'Boone',
    state: 'IA',
    postalCode: '50036',
    latitude: 42.0768,
    longitude: -93.8402,
    groupColor: 'red',
    subLocations: [],
  },
  {
    org: 'littleCreek',
    name: 'Little Creek Finisher Barns',
    locationTypeId: LOCATION_TYPE_IDS.Farm,
    customer: 'Little Creek Farms',
    address1: '1421 240th St',
    city: 'Ogden',
    state: 'IA',
    postalCode: '50212',
    latitude: 42.0468,
    longitude: -93.9871,
    groupColor: 'green',
    subLocations: barns,
  },
];

/** The scale used by loads with a weigh stop. */
export const WEIGH_SCALE = 'Ames Certified Scale';

/** Names are unique across the demo data; drivers and loads refer to tractors by name. */
export const TRACTORS: readonly {
  org: OrgKey;
  name: string;
  make: string;
  model: string;
  vin: string;
  plate: string;
  weightKg: number;
  contract?: boolean;
  enabled?: boolean;
}[] = [
  { org: 'prairie', name: 'T-101', make: 'Peterbilt', model: '579', vin: '1XPBD49X1ND481203', plate: 'KTX 4821', weightKg: 8120 },
  { org: 'prairie', name: 'T-102', make: 'Kenworth', model: 'T680', vin: '1XKYD49X8NJ312877', plate: 'KTX 4822', weightKg: 8040 },
  {
    org: 'prairie',
    name: 'T-103',
    make: 'Freightliner',
    model: 'Cascadia',
    vin: '3AKJHHDR6PS904512',
    plate: 'KTX 5190',
    weightKg: 7930,
  },
  { org: 'prairie', name: 'T-104', make: 'Volvo', model: 'VNL 760', vin: '4V4NC9EH2NN227804', plate: 'KTX 5191', weightKg: 8260 },
  { org: 'prairie', name: 'T-105', make: 'Peterbilt', model: '579', vin: '1XPBD49X4PD522961', plate: 'KTX 6307', weightKg: 8150 },
  { org: 'prairie', name: 'T-106', make: 'Kenworth', model: 'T680', vin: '1XKYD49X1PJ340118', plate: 'KTX 6308', weightKg: 8010 },
  { org: 'prairie', name: 'T-107', make: 'Mack', model: 'Anthem', vin: '1M1AN4GY4NM118643', plate: 'KTX 6544', weightKg: 8390 },
  {
    org: 'prairie',
    name: 'T-108',
    make: 'International',
    model: 'LT625',
    vin: '3HSDZAPR4NL602287',
    plate: 'KTX 6545',
    weightKg: 7980,
  },
  { org: 'prairie', name: 'T-109', make: 'Peterbilt', model: '579', vin: '1XPBD49X0RD560044', plate: 'KTX 7702', weightKg: 8180 },
  {
    org: 'prairie',
    name: 'T-110',
    make: 'Freightliner',
    model: 'Cascadia',
    vin: '3AKJHHDR3RS977310',
    plate: 'LRM 2290',
    weightKg: 7950,
    contract: true,
  },
  { org: 'prairie', name: 'T-111', make: 'Kenworth', model: 'T680', vin: '1XKYD49X4RJ371592', plate: 'KTX 7703', weightKg: 8070 },
  {
    org: 'prairie',
    name: 'T-112',
    make: 'Volvo',
    model: 'VNL 760',
    vin: '4V4NC9EH5LN190566',
    plate: 'KTX 3318',
    weightKg: 8310,
    enabled: false,
  },
  { org: 'swift', name: 'S-501', make: 'Kenworth', model: 'T680', vin: '1XKYD49X6PJ355021', plate: 'SHC 1501', weightKg: 8020 },
  {
    org: 'swift',
    name: 'S-502',
    make: 'Freightliner',
    model: 'Cascadia',
    vin: '3AKJHHDR0NS881452',
    plate: 'SHC 1502',
    weightKg: 7910,
  },
  { org: 'swift', name: 'S-503', make: 'Peterbilt', model: '579', vin: '1XPBD49X2ND490377', plate: 'SHC 1503', weightKg: 8140 },
  {
    org: 'littleCreek',
    name: 'Red Truck',
    make: 'Freightliner',
    model: 'M2 106',
    vin: '1FUJGLDR0FL234519',
    plate: 'BNE 1187',
    weightKg: 7600,
  },
  {
    org: 'littleCreek',
    name: 'Grain Truck',
    make: 'International',
    model: '7400',
    vin: '1HSDJSJR8DJ511406',
    plate: 'BNE 1188',
    weightKg: 7800,
  },
];

const BULK_FEED = [2, 22, 27, 28, 29, 30, 31, 32, 34, 35];
const GRAIN = [9, 10, 11, 22, 23, 24, 25, 26, 33, 34, 35];
const PACKAGED = [1, 6, 7, 17, 18, 19, 20, 36];

/**
 * Production cards on Prairie Feed's planning board this week (spec 3): rations from its mills to
 * its farms, by weight (tons and number of loads) or by count (bags and their average weight).
 */
export const PRODUCTION_CARDS: readonly {
  dayOfWeek: number;
  cargoTypeId: number;
  origin: string;
  destination: string;
  /** By weight: US tons and number of loads. */
  tons?: number;
  loads?: number;
  /** By count: units and kilograms each. */
  quantity?: number;
  averageKg?: number;
  productionPlan: string;
  lotId: string;
  orderNumber: string;
}[] = [
  {
    dayOfWeek: 1,
    cargoTypeId: 27,
    origin: 'Nevada Mill',
    destination: 'Ridgeview Finisher 1',
    tons: 48,
    loads: 2,
    productionPlan: 'Finisher 3',
    lotId: 'NM-2611',
    orderNumber: 'PF-5101',
  },
  {
    dayOfWeek: 1,
    cargoTypeId: 28,
    origin: 'Story City Mill',
    destination: 'Ridgeview Sow Unit',
    tons: 22,
    loads: 1,
    productionPlan: 'Lactation A',
    lotId: 'SC-0418',
    orderNumber: 'PF-5102',
  },
  {
    dayOfWeek: 2,
    cargoTypeId: 29,
    origin: 'Huxley Mill',
    destination: 'Skunk River Broilers',
    tons: 30,
    loads: 2,
    productionPlan: 'Grower 2',
    lotId: 'HX-7730',
    orderNumber: 'PF-5103',
  },
  {
    dayOfWeek: 3,
    cargoTypeId: 30,
    origin: 'Nevada Mill',
    destination: 'State Center Layers',
    tons: 18,
    loads: 1,
    productionPlan: 'Layer Peak',
    lotId: 'NM-2612',
    orderNumber: 'PF-5104',
  },
  {
    dayOfWeek: 3,
    cargoTypeId: 27,
    origin: 'Huxley Mill',
    destination: 'Colo Nursery',
    tons: 12,
    loads: 1,
    productionPlan: 'Finisher 1',
    lotId: 'HX-7731',
    orderNumber: 'PF-5105',
  },
  {
    dayOfWeek: 4,
    cargoTypeId: 31,
    origin: 'Story City Mill',
    destination: 'Ballard Creek Dairy',
    tons: 26,
    loads: 1,
    productionPlan: 'Dairy TMR',
    lotId: 'SC-0419',
    orderNumber: 'PF-5106',
  },
  {
    dayOfWeek: 5,
    cargoTypeId: 1,
    origin: 'Nevada Mill',
    destination: 'Cambridge Heifer Farm',
    quantity: 400,
    averageKg: 22.68,
    productionPlan: 'Heifer Developer',
    lotId: 'NM-2613',
    orderNumber: 'PF-5107',
  },
];

/**
 * Demo downtime (spec 2 §3) of tractors, trailers (by name) and drivers (by username), starting
 * `dayOfWeek` days after the Sunday of the seeding week, in the demo zone, so the current week shows some.
 */
export const DOWNTIMES: readonly {
  org: OrgKey;
  resource: { tractor: string } | { trailer: string } | { driver: string };
  description: string;
  dayOfWeek: number;
  startTime: string;
  durationMinutes: number;
  recurrenceDaysOfWeek: string;
}[] = [
  {
    org: 'prairie',
    resource: { tractor: 'T-104' },
    description: 'Annual DOT inspection',
    dayOfWeek: 3,
    startTime: '08:00:00',
    durationMinutes: 240,
    recurrenceDaysOfWeek: '0000000',
  },
  {
    org: 'prairie',
    resource: { trailer: 'Hopper 209' },
    description: 'Weekly washout',
    dayOfWeek: 0,
    startTime: '14:00:00',
    durationMinutes: 120,
    recurrenceDaysOfWeek: '0000010',
  },
  {
    org: 'prairie',
    resource: { driver: 'driver.meyer' },
    description: 'Off Monday mornings',
    dayOfWeek: 0,
    startTime: '05:00:00',
    durationMinutes: 300,
    recurrenceDaysOfWeek: '0100000',
  },
  {
    org: 'littleCreek',
    resource: { tractor: 'Grain Truck' },
    description: 'Oil change',
    dayOfWeek: 9,
    startTime: '07:00:00',
    durationMinutes: 90,
    recurrenceDaysOfWeek: '0000000',
  },
];

/**
 * `compartments` applies to the weight-based cargo types; counted cargo gets one compartment.
 * Names are unique across the demo data.
 */
export const TRAILERS: readonly {
  org: OrgKey;
  name: string;
  vin: string;
  plate: string;
  maxCargoKg: number;
  weightKg: number;
  cargoTypeIds: readonly number[];
  compartments: number;
  contract?: boolean;
  enabled?: boolean;
}[] = [
  {
    org: 'prairie',
    name: 'Bulk 201',
    vin: '1W1MAFWA5NA004201',
    plate: 'TRL 20201',
    maxCargoKg: 24000,
    weightKg: 6800,
    cargoTypeIds: BULK_FEED,
    compartments: 6,
  },
  {
    org: 'prairie',
    name: 'Bulk 202',
    vin: '1W1MAFWA7NA004202',
    plate: 'TRL 20202',
    maxCargoKg: 24000,
    weightKg: 6800,
    cargoTypeIds: BULK_FEED,
    compartments: 6,
  },
  {
    org: 'prairie',
    name: 'Bulk 203',
    vin: '1W1MAFWA7PA004817',
    plate: 'TRL 20203',
    maxCargoKg: 24500,
    weightKg: 7100,
    cargoTypeIds: BULK_FEED,
    compartments: 8,
  },
  {
    org: 'prairie',
    name: 'Bulk 204',
    vin: '1W1MAFWA9PA004818',
    plate: 'TRL 20204',
    maxCargoKg: 24500,
    weightKg: 7100,
    cargoTypeIds: BULK_FEED,
    compartments: 8,
  },
  {
    org: 'prairie',
    name: 'Bulk 205',
    vin: '1TDH42229NB010233',
    plate: 'TRL 20205',
    maxCargoKg: 23500,
    weightKg: 6500,
    cargoTypeIds: BULK_FEED,
    compartments: 4,
  },
  {
    org: 'prairie',
    name: 'Bulk 206',
    vin: '1TDH42224PB010871',
    plate: 'TRL 20206',
    maxCargoKg: 23500,
    weightKg: 6500,
    cargoTypeIds: BULK_FEED,
    compartments: 4,
  },
  {
    org: 'prairie',
    name: 'Bulk 207',
    vin: '1W1MAFWA2RA005330',
    plate: 'TRL 20207',
    maxCargoKg: 24000,
    weightKg: 6900,
    cargoTypeIds: BULK_FEED,
    compartments: 6,
  },
  {
    org: 'prairie',
    name: 'Bulk 208',
    vin: '1W1MAFWA4RA005331',
    plate: 'TRL 20208',
    maxCargoKg: 24000,
    weightKg: 6900,
    cargoTypeIds: BULK_FEED,
    compartments: 6,
    contract: true,
  },
  {
    org: 'prairie',
    name: 'Hopper 209',
    vin: '1TDH42220LB009744',
    plate: 'TRL 20209',
    maxCargoKg: 24900,
    weightKg: 6100,
    cargoTypeIds: GRAIN,
    compartments: 2,
  },
  {
    org: 'prairie',
    name: 'Hopper 210',
    vin: '1TDH42223RB011402',
    plate: 'TRL 20210',
    maxCargoKg: 24900,
    weightKg: 6100,
    cargoTypeIds: GRAIN,
    compartments: 2,
  },
  {
    org: 'prairie',
    name: 'Flatbed 301',
    vin: '4WWFS4828N1003021',
    plate: 'TRL 30301',
    maxCargoKg: 22000,
    weightKg: 5200,
    cargoTypeIds: PACKAGED,
    compartments: 1,
  },
  {
    org: 'prairie',
    name: 'Bulk 211',
    vin: '1W1MAFWA4JA002210',
    plate: 'TRL 20211',
    maxCargoKg: 23000,
    weightKg: 6700,
    cargoTypeIds: BULK_FEED,
    compartments: 5,
    enabled: false,
  },
  {
    org: 'swift',
    name: 'SH Bulk 601',
    vin: '1W1MAFWAXPA004990',
    plate: 'SHT 601',
    maxCargoKg: 24000,
    weightKg: 6900,
    cargoTypeIds: BULK_FEED,
    compartments: 6,
  },
  {
    org: 'swift',
    name: 'SH Bulk 602',
    vin: '1W1MAFWA1PA004991',
    plate: 'SHT 602',
    maxCargoKg: 24000,
    weightKg: 6900,
    cargoTypeIds: BULK_FEED,
    compartments: 6,
  },
  {
    org: 'swift',
    name: 'SH Hopper 603',
    vin: '1TDH42220PB010950',
    plate: 'SHT 603',
    maxCargoKg: 24900,
    weightKg: 6100,
    cargoTypeIds: GRAIN,
    compartments: 2,
  },
  {
    org: 'littleCreek',
    name: 'Hopper Trailer',
    vin: '1TDH4022XEB005126',
    plate: 'BNT 2201',
    maxCargoKg: 22500,
    weightKg: 5900,
    cargoTypeIds: [9, 10],
    compartments: 2,
  },
  {
    org: 'littleCreek',
    name: 'Feed Trailer',
    vin: '1W1MAFWAXGA001877',
    plate: 'BNT 2202',
    maxCargoKg: 21000,
    weightKg: 6300,
    cargoTypeIds: [1, 2, 27],
    compartments: 3,
  },
];

// ---------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------

export interface UserSeed {
  username: string;
  org: OrgKey;
  firstName: string;
  lastName: string;
  email: string;
  /** E.164. */
  phone: string;
  roles: readonly RoleName[];
  driver?: { tractor: string; trailer: string; contract: boolean };
}

const prairieDriver = (
  last: string,
  first: string,
  phone: string,
  tractor: string,
  trailer: string,
  contract = false,
): UserSeed => ({
  username: `driver.${last.toLowerCase()}`,
  org: 'prairie',
  firstName: first,
  lastName: last,
  email: `${first.toLowerCase()}.${last.toLowerCase()}@prairiefeed.example`,
  phone,
  roles: ['Driver'],
  driver: { tractor, trailer, contract },
});

const swiftDriver = (last: string, first: string, phone: string, tractor: string, trailer: string): UserSeed => ({
  username: `driver.${last.toLowerCase()}`,
  org: 'swift',
  firstName: first,
  lastName: last,
  email: `${first.toLowerCase()}.${last.toLowerCase()}@swifthaul.example`,
  phone,
  roles: ['Driver'],
  driver: { tractor, trailer, contract: false },
});

export const USERS: readonly UserSeed[] = [
  {
    username: 'admin',
    org: 'prairie',
    firstName: 'Karen',
    lastName: 'Olson',
    email: 'karen.olson@prairiefeed.example',
    phone: '+15155550101',
    roles: ['Administrator'],
  },
  {
    username: 'dispatcher',
    org: 'prairie',
    firstName: 'Mike',
    lastName: 'Schroeder',
    email: 'mike.schroeder@prairiefeed.example',
    phone: '+15155550102',
    roles: ['Dispatcher'],
  },
  {
    username: 'sitemanager',
    org: 'prairie',
    firstName: 'Linda',
    lastName: 'Becker',
    email: 'linda.becker@prairiefeed.example',
    phone: '+15155550103',
    roles: ['SiteManager'],
  },
  prairieDriver('Hansen', 'Erik', '+15155550111', 'T-101', 'Bulk 201'),
  prairieDriver('Jensen', 'Dale', '+15155550112', 'T-102', 'Bulk 202'),
  prairieDriver('Petersen', 'Gary', '+15155550113', 'T-103', 'Bulk 203'),
  prairieDriver('Larson', 'Brian', '+15155550114', 'T-104', 'Bulk 204'),
  prairieDriver('Meyer', 'Scott', '+15155550115', 'T-105', 'Bulk 205'),
  prairieDriver('Schmidt', 'Randy', '+15155550116', 'T-106', 'Bulk 206'),
  prairieDriver('Nelson', 'Kevin', '+15155550117', 'T-107', 'Bulk 207'),
  prairieDriver('Anderson', 'Jim', '+15155550118', 'T-108', 'Hopper 209'),
  prairieDriver('Kruse', 'Travis', '+15155550119', 'T-109', 'Flatbed 301', true),
  prairieDriver('Vogel', 'Lisa', '+15155550120', 'T-110', 'Bulk 208', true),
  {
    username: 'carrier',
    org: 'swift',
    firstName: 'Tom',
    lastName: 'Reyes',
    email: 'tom.reyes@swifthaul.example',
    phone: '+15155550201',
    roles: ['CarrierDispatcher'],
  },
  swiftDriver('Garcia', 'Luis', '+15155550211', 'S-501', 'SH Bulk 601'),
  swiftDriver('Kowalski', 'Adam', '+15155550212', 'S-502', 'SH Bulk 602'),
  swiftDriver('Brooks', 'Dana', '+15155550213', 'S-503', 'SH Hopper 603'),
  {
    username: 'freemium',
    org: 'littleCreek',
    firstName: 'Jenny',
    lastName: 'Whitaker',
    email: 'jenny@littlecreekfarms.example',
    phone: '+15155550301',
    roles: ['Administrator'],
  },
  {
    username: 'platform',
    org: 'platform',
    firstName: 'Pat',
    lastName: 'Quinn',
    email: 'pat.quinn@dispatch-platform.example',
    phone: '+13125550401',
    roles: ['Administrator', 'PlatformAdministrator'],
  },
];

// ---------------------------------------------------------------------------
// Loads and drafts
// ---------------------------------------------------------------------------

export type LoadStatus = 'Open' | 'Assigned' | 'In Transit' | 'Delivered';

export interface DestinationPlan {
  /** Location name; null = a stop without location (incomplete draft). */
  location: string | null;
  /** US tons for weight-based cargo, a count otherwise; null = no amount (incomplete draft). */
  amount: number | null;
  /** Gives the stop a required delivery window around its arrival. */
  window?: boolean;
  customerOrderNumber?: string;
  notes?: string;
}

export interface LoadPlan {
  /** The owning organization. */
  org: OrgKey;
  orderNumber: string;
  isDraft: boolean;
  /** 0 = the current week, 1 = next week. */
  week: 0 | 1;
  /** Days after Sunday, and the wall-clock time of the first stop. */
  day: number;
  hour: number;
  minute: number;
  status: LoadStatus;
  /** Username of the driver; his or her default tractor and trailer go on the load. */
  driver?: string;
  /** Transported by the carrier Swift Haul. */
  carrier?: boolean;
  cargoTypeId: number;
  origin: string;
  /** Defaults to the destinations' total; set to make an unbalanced draft. */
  originAmount?: number;
  /** Weigh at WEIGH_SCALE after loading. */
  weigh?: boolean;
  destinations: readonly DestinationPlan[];
  /** No arrival time on any stop (incomplete draft). */
  noTimes?: boolean;
  /** Destination stops come before the origin (incomplete draft). */
  destinationFirst?: boolean;
}

const dest = (location: string | null, amount: number | null, extra: Omit<DestinationPlan, 'location' | 'amount'> = {}) => ({
  location,
  amount,
  ...extra,
});

/** Prairie Feed's scheduled loads this week: 24 of its own and 3 given to Swift Haul. */
const PRAIRIE_LOADS: LoadPlan[] = [
  // Delivered
  {
    org: 'prairie',
    orderNumber: 'PF-24001',
    isDraft: false,
    week: 0,
    day: 0,
    hour: 6,
    minute: 0,
    status: 'Delivered',
    driver: 'driver.hansen',
    cargoTypeId: 27,
    origin: 'Nevada Mill',
    destinations: [dest('Ridgeview Finisher 1', 24)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24002',
    isDraft: false,
    week: 0,
    day: 1,
    hour: 5,
    minute: 30,
    status: 'Delivered',
    driver: 'driver.jensen',
    cargoTypeId: 29,
    origin: 'Story City Mill',
    destinations: [dest('Skunk River Broilers', 23, { customerOrderNumber: 'SRP-7710' })],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24003',
    isDraft: false,
    week: 0,
    day: 1,
    hour: 7,
    minute: 0,
    status: 'Delivered',
    driver: 'driver.anderson',
    cargoTypeId: 9,
    origin: 'Huxley Mill',
    weigh: true,
    destinations: [dest('Ballard Creek Dairy', 25)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24004',
    isDraft: false,
    week: 0,
    day: 1,
    hour: 9,
    minute: 15,
    status: 'Delivered',
    driver: 'driver.petersen',
    cargoTypeId: 28,
    origin: 'Nevada Mill',
    destinations: [dest('Ridgeview Sow Unit', 22)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24005',
    isDraft: false,
    week: 0,
    day: 2,
    hour: 6,
    minute: 0,
    status: 'Delivered',
    driver: 'driver.larson',
    cargoTypeId: 27,
    origin: 'Nevada Mill',
    destinations: [dest('Ridgeview Finisher 1', 14), dest('Colo Nursery', 10, { window: true })],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24006',
    isDraft: false,
    week: 0,
    day: 2,
    hour: 7,
    minute: 30,
    status: 'Delivered',
    driver: 'driver.kruse',
    cargoTypeId: 1,
    origin: 'Huxley Mill',
    destinations: [
      dest('Cambridge Heifer Farm', 200),
      dest('Ballard Creek Dairy', 280, { notes: 'Stack pallets inside the feed room' }),
    ],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24007',
    isDraft: false,
    week: 0,
    day: 2,
    hour: 10,
    minute: 0,
    status: 'Delivered',
    driver: 'driver.meyer',
    cargoTypeId: 30,
    origin: 'Story City Mill',
    destinations: [dest('State Center Layers', 23, { customerOrderNumber: 'CIE-3391' })],
  },
  // In Transit
  {
    org: 'prairie',
    orderNumber: 'PF-24008',
    isDraft: false,
    week: 0,
    day: 3,
    hour: 6,
    minute: 0,
    status: 'In Transit',
    driver: 'driver.schmidt',
    cargoTypeId: 27,
    origin: 'Nevada Mill',
    destinations: [dest('Colo Nursery', 24, { window: true })],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24009',
    isDraft: false,
    week: 0,
    day: 3,
    hour: 6,
    minute: 45,
    status: 'In Transit',
    driver: 'driver.nelson',
    cargoTypeId: 2,
    origin: 'Story City Mill',
    destinations: [dest('Maxwell Turkey Farm', 22)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24010',
    isDraft: false,
    week: 0,
    day: 3,
    hour: 8,
    minute: 0,
    status: 'In Transit',
    driver: 'driver.vogel',
    cargoTypeId: 31,
    origin: 'Nevada Mill',
    weigh: true,
    destinations: [dest('Ballard Creek Dairy', 16), dest('Cambridge Heifer Farm', 8)],
  },
  // Assigned
  {
    org: 'prairie',
    orderNumber: 'PF-24011',
    isDraft: false,
    week: 0,
    day: 3,
    hour: 13,
    minute: 0,
    status: 'Assigned',
    driver: 'driver.hansen',
    cargoTypeId: 27,
    origin: 'Nevada Mill',
    destinations: [dest('Ridgeview Finisher 1', 24)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24012',
    isDraft: false,
    week: 0,
    day: 4,
    hour: 5,
    minute: 45,
    status: 'Assigned',
    driver: 'driver.jensen',
    cargoTypeId: 29,
    origin: 'Story City Mill',
    destinations: [dest('Skunk River Broilers', 23)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24013',
    isDraft: false,
    week: 0,
    day: 4,
    hour: 7,
    minute: 0,
    status: 'Assigned',
    driver: 'driver.anderson',
    cargoTypeId: 10,
    origin: 'Huxley Mill',
    destinations: [dest('Ballard Creek Dairy', 25, { window: true })],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24014',
    isDraft: false,
    week: 0,
    day: 4,
    hour: 8,
    minute: 30,
    status: 'Assigned',
    driver: 'driver.petersen',
    cargoTypeId: 28,
    origin: 'Nevada Mill',
    destinations: [dest('Ridgeview Sow Unit', 22)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24015',
    isDraft: false,
    week: 0,
    day: 4,
    hour: 11,
    minute: 0,
    status: 'Assigned',
    driver: 'driver.kruse',
    cargoTypeId: 17,
    origin: 'Huxley Mill',
    destinations: [dest('Ballard Creek Dairy', 100), dest('Cambridge Heifer Farm', 60)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24016',
    isDraft: false,
    week: 0,
    day: 5,
    hour: 6,
    minute: 0,
    status: 'Assigned',
    driver: 'driver.larson',
    cargoTypeId: 27,
    origin: 'Nevada Mill',
    destinations: [dest('Colo Nursery', 12), dest('Ridgeview Finisher 1', 12)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24017',
    isDraft: false,
    week: 0,
    day: 5,
    hour: 7,
    minute: 15,
    status: 'Assigned',
    driver: 'driver.meyer',
    cargoTypeId: 30,
    origin: 'Story City Mill',
    destinations: [dest('State Center Layers', 23, { window: true })],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24018',
    isDraft: false,
    week: 0,
    day: 5,
    hour: 9,
    minute: 30,
    status: 'Assigned',
    driver: 'driver.vogel',
    cargoTypeId: 32,
    origin: 'Nevada Mill',
    destinations: [dest('Cambridge Heifer Farm', 12)],
  },
  // Open
  {
    org: 'prairie',
    orderNumber: 'PF-24019',
    isDraft: false,
    week: 0,
    day: 5,
    hour: 13,
    minute: 0,
    status: 'Open',
    cargoTypeId: 2,
    origin: 'Story City Mill',
    destinations: [dest('Maxwell Turkey Farm', 22)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24020',
    isDraft: false,
    week: 0,
    day: 6,
    hour: 6,
    minute: 0,
    status: 'Open',
    cargoTypeId: 27,
    origin: 'Nevada Mill',
    destinations: [dest('Ridgeview Finisher 1', 24)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24021',
    isDraft: false,
    week: 0,
    day: 6,
    hour: 6,
    minute: 30,
    status: 'Open',
    cargoTypeId: 22,
    origin: 'Huxley Mill',
    weigh: true,
    destinations: [dest('Ballard Creek Dairy', 25)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24022',
    isDraft: false,
    week: 0,
    day: 6,
    hour: 7,
    minute: 45,
    status: 'Open',
    cargoTypeId: 29,
    origin: 'Story City Mill',
    destinations: [dest('Skunk River Broilers', 23, { window: true })],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24023',
    isDraft: false,
    week: 0,
    day: 6,
    hour: 9,
    minute: 0,
    status: 'Open',
    cargoTypeId: 18,
    origin: 'Huxley Mill',
    destinations: [dest('Cambridge Heifer Farm', 96)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24024',
    isDraft: false,
    week: 0,
    day: 4,
    hour: 14,
    minute: 0,
    status: 'Open',
    cargoTypeId: 34,
    origin: 'Huxley Mill',
    destinations: [dest('Ballard Creek Dairy', 20)],
  },
  // Given to the carrier Swift Haul
  {
    org: 'prairie',
    orderNumber: 'PF-24025',
    isDraft: false,
    week: 0,
    day: 3,
    hour: 10,
    minute: 30,
    status: 'Assigned',
    carrier: true,
    driver: 'driver.garcia',
    cargoTypeId: 27,
    origin: 'Nevada Mill',
    destinations: [dest('Colo Nursery', 24)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24026',
    isDraft: false,
    week: 0,
    day: 4,
    hour: 10,
    minute: 0,
    status: 'Open',
    carrier: true,
    cargoTypeId: 29,
    origin: 'Story City Mill',
    destinations: [dest('Skunk River Broilers', 23)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24027',
    isDraft: false,
    week: 0,
    day: 5,
    hour: 11,
    minute: 30,
    status: 'Open',
    carrier: true,
    cargoTypeId: 9,
    origin: 'Huxley Mill',
    destinations: [dest('Ballard Creek Dairy', 25)],
  },
];

/** Prairie Feed's drafts this week and next: 12 complete, 6 incomplete in different ways. */
const PRAIRIE_DRAFTS: LoadPlan[] = [
  // Complete drafts. PF-24101 and PF-24102 share origin, destination and cargo (merge candidates);
  // PF-24107 to PF-24109 share their origin (a cascade set).
  {
    org: 'prairie',
    orderNumber: 'PF-24101',
    isDraft: true,
    week: 0,
    day: 4,
    hour: 6,
    minute: 0,
    status: 'Open',
    cargoTypeId: 27,
    origin: 'Nevada Mill',
    destinations: [dest('Ridgeview Finisher 1', 24)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24102',
    isDraft: true,
    week: 0,
    day: 4,
    hour: 6,
    minute: 0,
    status: 'Open',
    cargoTypeId: 27,
    origin: 'Nevada Mill',
    destinations: [dest('Ridgeview Finisher 1', 24)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24103',
    isDraft: true,
    week: 0,
    day: 5,
    hour: 5,
    minute: 30,
    status: 'Assigned',
    driver: 'driver.schmidt',
    cargoTypeId: 29,
    origin: 'Story City Mill',
    destinations: [dest('Skunk River Broilers', 23)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24104',
    isDraft: true,
    week: 0,
    day: 6,
    hour: 8,
    minute: 0,
    status: 'Open',
    cargoTypeId: 10,
    origin: 'Huxley Mill',
    destinations: [dest('Ballard Creek Dairy', 15), dest('Cambridge Heifer Farm', 10)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24105',
    isDraft: true,
    week: 0,
    day: 6,
    hour: 10,
    minute: 0,
    status: 'Open',
    cargoTypeId: 1,
    origin: 'Huxley Mill',
    destinations: [dest('State Center Layers', 320)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24106',
    isDraft: true,
    week: 1,
    day: 0,
    hour: 14,
    minute: 0,
    status: 'Open',
    cargoTypeId: 28,
    origin: 'Nevada Mill',
    destinations: [dest('Ridgeview Sow Unit', 22)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24107',
    isDraft: true,
    week: 1,
    day: 1,
    hour: 5,
    minute: 30,
    status: 'Assigned',
    driver: 'driver.hansen',
    cargoTypeId: 27,
    origin: 'Nevada Mill',
    destinations: [dest('Colo Nursery', 24)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24108',
    isDraft: true,
    week: 1,
    day: 1,
    hour: 6,
    minute: 30,
    status: 'Open',
    cargoTypeId: 27,
    origin: 'Nevada Mill',
    destinations: [dest('Colo Nursery', 24)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24109',
    isDraft: true,
    week: 1,
    day: 1,
    hour: 7,
    minute: 30,
    status: 'Open',
    cargoTypeId: 27,
    origin: 'Nevada Mill',
    destinations: [dest('Ridgeview Finisher 1', 24)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24110',
    isDraft: true,
    week: 1,
    day: 2,
    hour: 6,
    minute: 0,
    status: 'Assigned',
    driver: 'driver.meyer',
    cargoTypeId: 30,
    origin: 'Story City Mill',
    weigh: true,
    destinations: [dest('State Center Layers', 23)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24111',
    isDraft: true,
    week: 1,
    day: 3,
    hour: 7,
    minute: 0,
    status: 'Open',
    cargoTypeId: 2,
    origin: 'Story City Mill',
    destinations: [dest('Maxwell Turkey Farm', 22)],
  },
  {
    org: 'prairie',
    orderNumber: 'PF-24112',
    isDraft: true,
    week: 1,
    day: 4,
    hour: 8,
    minute: 0,
    status: 'Open',
    cargoTypeId: 31,
    origin: 'Huxley Mill',
    destinations: [dest('Ballard Creek Dairy', 24, { window: true })],
  },
  // Incomplete drafts (each fails the completeness check of spec 1 §5 in its own way).
  // PF-24113 lacks arrival times on every stop.
  {
    org: 'prairie',
    orderNumber: 'PF-24113',
    isDraft: true,
    week: 0,
    day: 5,
    hour: 9,
    minute: 0,
    status: 'Open',
    cargoTypeId: 27,
    origin: 'Nevada Mill',
    noTimes: true,
    destinations: [dest('Ridgeview Finisher 1', 24)],
  },
  // PF-24114 lacks a destination stop (origin only).
  {
    org: 'prairie',
    orderNumber: 'PF-24114',
    isDraft: true,
    week: 0,
    day: 6,
    hour: 7,
    minute: 0,
    status: 'Open',
    cargoTypeId: 29,
    origin: 'Story City Mill',
    destinations: [],
  },
  // PF-24115 is unbalanced: 24 tons loaded, 22 tons delivered.
  {
    org: 'prairie',
    orderNumber: 'PF-24115',
    isDraft: true,
    week: 1,
    day: 2,
    hour: 9,
    minute: 0,
    status: 'Open',
    cargoTypeId: 27,
    origin: 'Nevada Mill',
    originAmount: 24,
    destinations: [dest('Colo Nursery', 22)],
  },
  // PF-24116 has a destination stop without a location.
  {
    org: 'prairie',
    orderNumber: 'PF-24116',
    isDraft: true,
    week: 1,
    day: 3,
    hour: 10,
    minute: 0,
    status: 'Open',
    cargoTypeId: 31,
    origin: 'Huxley Mill',
    destinations: [dest(null, 24)],
  },
  // PF-24117 has its destination before its origin.
  {
    org: 'prairie',
    orderNumber: 'PF-24117',
    isDraft: true,
    week: 1,
    day: 4,
    hour: 13,
    minute: 0,
    status: 'Assigned',
    driver: 'driver.larson',
    cargoTypeId: 28,
    origin: 'Nevada Mill',
    destinationFirst: true,
    destinations: [dest('Ridgeview Sow Unit', 22)],
  },
  // PF-24118 lacks the weight of its second destination stop (and so is unbalanced too).
  {
    org: 'prairie',
    orderNumber: 'PF-24118',
    isDraft: true,
    week: 1,
    day: 5,
    hour: 6,
    minute: 0,
    status: 'Open',
    cargoTypeId: 27,
    origin: 'Nevada Mill',
    originAmount: 24,
    destinations: [dest('Ridgeview Finisher 1', 12), dest('Colo Nursery', null)],
  },
];

/** Little Creek Farms has no drivers: two open loads and one completed by hand. */
const LITTLE_CREEK_LOADS: LoadPlan[] = [
  {
    org: 'littleCreek',
    orderNumber: 'LC-1001',
    isDraft: false,
    week: 0,
    day: 1,
    hour: 7,
    minute: 0,
    status: 'Delivered',
    cargoTypeId: 2,
    origin: 'Little Creek Feed Center',
    destinations: [dest('Little Creek Finisher Barns', 10)],
  },
  {
    org: 'littleCreek',
    orderNumber: 'LC-1002',
    isDraft: false,
    week: 0,
    day: 3,
    hour: 7,
    minute: 0,
    status: 'Open',
    cargoTypeId: 1,
    origin: 'Little Creek Feed Center',
    destinations: [dest('Little Creek Finisher Barns', 60)],
  },
  {
    org: 'littleCreek',
    orderNumber: 'LC-1003',
    isDraft: false,
    week: 0,
    day: 5,
    hour: 7,
    minute: 0,
    status: 'Open',
    cargoTypeId: 9,
    origin: 'Little Creek Feed Center',
    destinations: [dest('Little Creek Finisher Barns', 12)],
  },
];

export const LOAD_PLANS: readonly LoadPlan[] = [...PRAIRIE_LOADS, ...PRAIRIE_DRAFTS, ...LITTLE_CREEK_LOADS];
