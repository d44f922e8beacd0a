import type { CompanyProfile } from '#core/contract/companies';
import { PAGE_RULES, ROLE_IDS } from '#core/domain/access';
import type { MatrixEntry } from './routes.ts';
import type { MatrixWorld } from './world.ts';

/** Company administration and role permissions: a platform administrator acts on any company, so no id is foreign. */
const ANY_COMPANY = { none: 'all-companies access acts on any company of the platform' };
const companies = PAGE_RULES['admin.companies'];

const NEW_COMPANY = {
  name: 'Matrix company',
  language: 'en-US',
  timezone: 'America/Chicago',
  units: 'Imperial',
  unitsWeight: 'Pound',
  latitude: 41.6,
  longitude: -93.6,
  tier: 'Standard',
  isCarrier: false,
};
const NEW_CARRIER_LINK = { isActive: false, loadDriver: 'Carrier', loadTractor: 'Carrier', loadTrailer: 'Carrier' };

/** A company created for one request, so edits never pile up on the demo companies. */
const newCompany = (world: MatrixWorld) => world.call<CompanyProfile>('platform', 'POST', '/api/organizations', NEW_COMPANY);

async function permissionId(world: MatrixWorld, name: string) {
  const list = await world.call<{ id: number; name: string }[]>('platform', 'GET', '/api/permissions');
  const found = list.find((row) => row.name === name);
  if (!found) throw new Error(`no permission ${name}`);
  return found.id;
}

async function featureId(world: MatrixWorld, name: string) {
  const list = await world.call<{ id: number; name: string }[]>('platform', 'GET', '/api/features');
  const found = list.find((row) => row.name === name);
  if (!found) throw new Error(`no feature ${name}`);
  return found.id;
}

const forCompany = (access: MatrixEntry['access'], example: MatrixEntry['example']): MatrixEntry => ({
  access,
  caller: 'platform',
  example,
  foreignIds: ANY_COMPANY,
});

export const COMPANIES_ROUTES: Record<string, MatrixEntry> = {
  'POST /api/organizations': forCompany({ permissions: [...companies.permissions, 'CreateCompany'] }, () => ({
    body: NEW_COMPANY,
  })),
  'GET /api/organizations/:orgId/profile': forCompany(companies, (world) => ({
    params: { orgId: world.organizations.prairie },
  })),
  'PUT /api/organizations/:orgId/profile': forCompany(companies, async (world) => {
    const { id, ...profile } = await newCompany(world);
    return { params: { orgId: id }, body: { ...profile, name: 'Matrix company renamed' } };
  }),
  'GET /api/organizations/:orgId/features': forCompany(companies, (world) => ({
    params: { orgId: world.organizations.prairie },
  })),
  // The platform company already has every feature: switching one on again changes nothing.
  'POST /api/organizations/:orgId/features': forCompany(companies, async (world) => ({
    params: { orgId: world.organizations.platform },
    body: { featureId: await featureId(world, 'Reports') },
  })),
  // Little Creek Farms has no ServerAPI: switching it off changes nothing.
  'DELETE /api/organizations/:orgId/features/:featureId': forCompany(companies, async (world) => ({
    params: { orgId: world.organizations.littleCreek, featureId: await featureId(world, 'ServerAPI') },
  })),
  'GET /api/organizations/:orgId/cargo-config': forCompany(companies, (world) => ({
    params: { orgId: world.organizations.prairie },
  })),
  'PUT /api/organizations/:orgId/cargo-config': forCompany(companies, async (world) => ({
    params: { orgId: (await newCompany(world)).id },
    body: [1, 2, 9],
  })),
  'GET /api/organizations/:orgId/carriers': forCompany(companies, (world) => ({
    params: { orgId: world.organizations.prairie },
  })),
  'PUT /api/organizations/:orgId/carriers': forCompany(companies, async (world) => ({
    params: { orgId: (await newCompany(world)).id },
    body: [{ ...NEW_CARRIER_LINK, carrierOrganizationId: world.organizations.swift }],
  })),
  // Administrators already hold ViewTractors and drivers never do: the examples change nothing.
  'POST /api/role-permissions': forCompany(PAGE_RULES['admin.permissions'], async (world) => ({
    body: { roleId: ROLE_IDS.Administrator, permissionId: await permissionId(world, 'ViewTractors') },
  })),
  'DELETE /api/role-permissions': forCompany(PAGE_RULES['admin.permissions'], async (world) => ({
    body: { roleId: ROLE_IDS.Driver, permissionId: await permissionId(world, 'ViewTractors') },
  })),
};
