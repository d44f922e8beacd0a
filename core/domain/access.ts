/**
 * Who may open which page: tier, feature, permission and carrier conditions (spec 1 §2, §6;
 * spec 2 §2, §6). The side navigation, the administration menu, the home tiles and the route
 * guards all ask this one table, so a link is shown exactly when its page would open.
 */

export const FEATURES = [
  'DeliveryTickets',
  'MergeDrafts',
  'UnmergeDrafts',
  'CascadingStopScheduling',
  'BulkScheduling',
  'DeliveryTracking',
  'Checklists',
  'ProductionPlanning',
  'SiteIssues',
  'Drafts',
  'Reports',
  'StandardRoutes',
  'ServerAPI',
] as const;
export type FeatureName = (typeof FEATURES)[number];

export const REPORT_PERMISSIONS = [
  'ViewReportDriverEfficiency',
  'ViewReportDecision',
  'ViewReportSequencing',
  'ViewReportSplitStop',
  'ViewReportOnTime',
  'ViewReportSiteIssues',
] as const;

export const PERMISSIONS = [
  'AccessAdministration',
  'ViewOwningOrders',
  'ViewLiveMap',
  'EditOrder',
  'CreateOrder',
  'CompleteOrder',
  'AssignDrivers',
  'DeleteOrder',
  'ViewChecklist',
  'ResolveChecklistItem',
  'ViewSiteIssues',
  'ResolveSiteIssues',
  'ViewProductionCards',
  'CreateProductionCards',
  'DeleteProductionCards',
  'ViewAllCompanies',
  'CreateCompany',
  'ViewInteractiveReports',
  ...REPORT_PERMISSIONS,
  'ViewTractors',
  'CreateTractors',
  'EditTractors',
  'DeleteTractors',
  'ViewTrailers',
  'CreateTrailers',
  'EditTrailers',
  'DeleteTrailers',
  'ViewUsers',
  'CreateUser',
  'EditUser',
  'DeleteUser',
  'ViewContacts',
  'CreateContacts',
  'EditContacts',
  'DeleteContacts',
  'ViewLoadingTeams',
  'CreateLoadingTeams',
  'EditLoadingTeams',
  'DeleteLoadingTeams',
  'ViewLocations',
  'CreateLocations',
  'EditLocations',
  'DeleteLocations',
  'ViewCustomers',
  'CreateCustomers',
  'EditCustomers',
  'DeleteCustomers',
  'ViewAvoidanceZones',
  'CreateAvoidanceZones',
  'EditAvoidanceZones',
  'ModifyGlobalAvoidanceZones',
  'ViewServiceUser',
  'CreateServiceUser',
  'DeleteServiceUser',
  'EditCompany',
  'ViewNotificationConfigs',
  'ViewChecklistTemplates',
  'EditChecklistTemplates',
  'ManageDowntime',
  // Appended: a permission's id is its place here (server/db/seed), and migration 0016 adds these to older databases.
  'ViewDevices',
  'CreateDevices',
  'EditDevices',
  'DeleteDevices',
] as const;
export type PermissionName = (typeof PERMISSIONS)[number];

/**
 * Permissions only a platform administrator may hold (spec 2 §4: locked in the role screen). A global
 * avoidance zone steers every company's trucks, so no company's administrator writes one.
 */
export const PLATFORM_PERMISSIONS: readonly PermissionName[] = [
  'ViewAllCompanies',
  'CreateCompany',
  'ModifyGlobalAvoidanceZones',
];

export const TIERS = { Freemium: 0, Standard: 1 } as const;
export type TierName = keyof typeof TIERS;

/** Well-known role ids (spec 1 §3). */
export const ROLE_IDS = {
  Administrator: 1,
  Dispatcher: 2,
  Driver: 3,
  PlatformAdministrator: 4,
  CarrierDispatcher: 5,
  Manager: 6,
  SiteManager: 7,
  LoadingTeamMember: 8,
} as const;

export type RoleName = keyof typeof ROLE_IDS;

/** The permissions each role starts with; platform administrators edit them on the permissions page. */
export const DEFAULT_ROLE_PERMISSIONS: Readonly<Record<RoleName, readonly PermissionName[]>> = {
  Administrator: PERMISSIONS.filter((name) => !PLATFORM_PERMISSIONS.includes(name)),
  Dispatcher: [
    'ViewOwningOrders',
    'EditOrder',
    'CreateOrder',
    'CompleteOrder',
    'AssignDrivers',
    'DeleteOrder',
    'ViewLiveMap',
    'ViewProductionCards',
    'ViewChecklist',
    'ViewSiteIssues',
    ...REPORT_PERMISSIONS,
  ],
  Driver: ['ViewChecklist', 'ResolveChecklistItem'],
  PlatformAdministrator: PLATFORM_PERMISSIONS,
  CarrierDispatcher: [
    'ViewOwningOrders',
    'EditOrder',
    'AssignDrivers',
    'ViewLiveMap',
    'AccessAdministration',
    'ViewTractors',
    'ViewTrailers',
    'ViewDevices',
    'ViewUsers',
  ],
  Manager: [
    'ViewOwningOrders',
    'ViewLiveMap',
    'ViewSiteIssues',
    'ViewChecklist',
    'ViewInteractiveReports',
    ...REPORT_PERMISSIONS,
  ],
  SiteManager: [
    'ViewOwningOrders',
    'ViewLiveMap',
    'ViewSiteIssues',
    'ResolveSiteIssues',
    'ViewProductionCards',
    'CreateProductionCards',
  ],
  LoadingTeamMember: ['ViewProductionCards'],
};

/** What access decisions need to know about the signed-in user and the active company. */
export interface AccessSubject {
  permissions: readonly string[];
  organization: {
    tier: TierName;
    isCarrier: boolean;
    features: readonly string[];
  };
}

export interface PageRule {
  /** Minimum tier; absent means any tier. */
  minTier?: TierName;
  features?: readonly FeatureName[];
  /** Every one of these is needed. */
  permissions?: readonly PermissionName[];
  /** At least one of these is needed. */
  anyPermission?: readonly PermissionName[];
  /** Hidden from carrier organizations. */
  notForCarriers?: boolean;
}

export const PAGE_RULES = {
  home: {},
  loads: { permissions: ['ViewOwningOrders'] },
  drafts: { features: ['Drafts'], permissions: ['EditOrder', 'ViewOwningOrders'], notForCarriers: true },
  liveMap: { features: ['DeliveryTracking'], permissions: ['ViewLiveMap'] },
  productionPlanning: {
    features: ['ProductionPlanning'],
    permissions: ['ViewProductionCards'],
    notForCarriers: true,
  },
  reports: { features: ['Reports'], anyPermission: REPORT_PERMISSIONS },
  // The embedded business-intelligence report is a paid add-on: Freemium gets the premium notice.
  interactiveReports: { minTier: 'Standard', permissions: ['ViewInteractiveReports'] },
  maintenance: { features: ['Checklists'], permissions: ['ViewChecklist'], notForCarriers: true },
  siteIssues: { features: ['SiteIssues'], permissions: ['ViewSiteIssues'], notForCarriers: true },
  mapHelpers: { permissions: ['ViewAllCompanies'] },
  administration: { permissions: ['AccessAdministration'] },
  'admin.tractors': { permissions: ['AccessAdministration', 'ViewTractors'] },
  'admin.trailers': { permissions: ['AccessAdministration', 'ViewTrailers'] },
  'admin.devices': { permissions: ['AccessAdministration', 'ViewDevices'] },
  'admin.users': { permissions: ['AccessAdministration', 'ViewUsers'] },
  'admin.contacts': { permissions: ['AccessAdministration', 'ViewContacts'], notForCarriers: true },
  'admin.loadingTeams': { permissions: ['AccessAdministration', 'ViewLoadingTeams'] },
  'admin.locations': {
    minTier: 'Standard',
    permissions: ['AccessAdministration', 'ViewLocations'],
    notForCarriers: true,
  },
  'admin.customers': {
    minTier: 'Standard',
    permissions: ['AccessAdministration', 'ViewCustomers'],
    notForCarriers: true,
  },
  'admin.avoidanceZones': {
    minTier: 'Standard',
    permissions: ['AccessAdministration', 'ViewAvoidanceZones'],
    notForCarriers: true,
  },
  'admin.standardRoutes': {
    minTier: 'Standard',
    features: ['StandardRoutes'],
    permissions: ['AccessAdministration'],
    notForCarriers: true,
  },
  'admin.serviceAccounts': {
    features: ['ServerAPI'],
    permissions: ['AccessAdministration', 'ViewServiceUser'],
  },
  'admin.tractorChecklistTemplates': {
    features: ['Checklists'],
    permissions: ['AccessAdministration', 'ViewChecklistTemplates'],
    notForCarriers: true,
  },
  'admin.trailerChecklistTemplates': {
    features: ['Checklists'],
    permissions: ['AccessAdministration', 'ViewChecklistTemplates'],
    notForCarriers: true,
  },
  'admin.notificationConfigs': {
    permissions: ['AccessAdministration', 'ViewNotificationConfigs', 'EditCompany'],
    notForCarriers: true,
  },
  'admin.settings': { permissions: ['AccessAdministration', 'EditCompany'] },
  'admin.companies': { permissions: ['AccessAdministration', 'ViewAllCompanies'] },
  'admin.permissions': { permissions: ['AccessAdministration', 'ViewAllCompanies'] },
} as const satisfies Record<string, PageRule>;

export type PageKey = keyof typeof PAGE_RULES;

/** The pages of the administration menu, in the order of PAGE_RULES; the menu sorts by label. */
export const ADMIN_PAGES = (Object.keys(PAGE_RULES) as PageKey[]).filter((key) => key.startsWith('admin.'));

export type AccessDecision = 'granted' | 'premium' | 'forbidden';

export function hasPermission(subject: Pick<AccessSubject, 'permissions'>, ...names: readonly string[]): boolean {
  return names.every((name) => subject.permissions.includes(name));
}

export function hasFeature(subject: AccessSubject, feature: FeatureName): boolean {
  return subject.organization.features.includes(feature);
}

export function tierRank(tier: TierName | undefined): number {
  return TIERS[tier ?? 'Freemium'];
}

/**
 * The decision for one page. A tier too low, or a feature the company has not switched on,
 * is a premium notice (the company could upgrade); anything else missing is unauthorised.
 */
export function decidePageAccess(subject: AccessSubject, rule: PageRule): AccessDecision {
  if (rule.notForCarriers && subject.organization.isCarrier) return 'forbidden';
  const permissionsHeld =
    hasPermission(subject, ...(rule.permissions ?? [])) &&
    (!rule.anyPermission || rule.anyPermission.some((name) => subject.permissions.includes(name)));
  if (!permissionsHeld) return 'forbidden';
  if (rule.minTier && tierRank(subject.organization.tier) < tierRank(rule.minTier)) return 'premium';
  if (rule.features?.some((feature) => !hasFeature(subject, feature))) return 'premium';
  return 'granted';
}

export function canOpenPage(subject: AccessSubject, page: PageKey): boolean {
  return decidePageAccess(subject, PAGE_RULES[page]) === 'granted';
}

/** Home tiles (spec 1 §2): each needs its page; Freemium keeps only loads, drafts and administration. */
export const HOME_TILES = [
  { key: 'productionPlanning', page: 'productionPlanning', minTier: 'Standard' },
  { key: 'drafts', page: 'drafts' },
  { key: 'loads', page: 'loads' },
  { key: 'reports', page: 'reports', minTier: 'Standard' },
  { key: 'liveMap', page: 'liveMap', minTier: 'Standard' },
  { key: 'maintenance', page: 'maintenance', minTier: 'Standard' },
  { key: 'siteIssues', page: 'siteIssues', minTier: 'Standard' },
  { key: 'administration', page: 'administration' },
] as const satisfies readonly { key: string; page: PageKey; minTier?: TierName }[];

export function visibleHomeTiles(subject: AccessSubject) {
  return HOME_TILES.filter(
    (tile) =>
      canOpenPage(subject, tile.page) && (!('minTier' in tile) || tierRank(subject.organization.tier) >= tierRank(tile.minTier)),
  );
}

/** The weekly summary cards need ViewOwningOrders and a company above Freemium (spec 1 §2). */
export function showsSummaryCards(subject: AccessSubject): boolean {
  return hasPermission(subject, 'ViewOwningOrders') && tierRank(subject.organization.tier) > TIERS.Freemium;
}
