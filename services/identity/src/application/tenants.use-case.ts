import {
  allPermissions,
  branchInput,
  companyInput,
  defaultPosConfiguration,
  tenantProvisionInput,
  type Branch,
} from '@erp/contracts';
import {
  AppError,
  conflict,
  emit,
  newId,
  starterKeys,
  starterRecordId,
  notFound,
  requirePrincipal,
  tenantScope,
  type RequestContext,
  type EventOrigin,
  type ServiceDeps,
  type Trx,
} from '@erp/service-kit';
import type { z } from 'zod';
import { branchesRepository } from '../persistence/branches.repository';
import { companyRepository } from '../persistence/company.repository';
import { tenantsRepository, type Tenant } from '../persistence/tenants.repository';
import { usersRepository } from '../persistence/users.repository';
import { branchEventPayload, companyEventPayload } from './events';
import { defaultAccountLinks } from './default-account-links';
import { ensureFiscalYears } from './fiscal-years.use-case';
import { generatePassword, hashPassword } from './passwords';
import { today } from './session.use-case';

type ProvisionInput = z.infer<typeof tenantProvisionInput>;

function providerOrigin(tenantId: string): EventOrigin {
  return { tenantId, branchId: null, correlationId: newId(), causationId: null };
}

export async function emitTenant(trx: Trx, t: Tenant): Promise<void> {
  await emit(trx, providerOrigin(t.id), 'tenantChanged', t.id, {
    tenantId: t.id,
    name: t.name,
    subscriptionStart: t.subscriptionStart,
    subscriptionEnd: t.subscriptionEnd,
    active: t.active,
  });
}

function publicTenant(t: Tenant) {
  const { defaultBranchId: _d, ...rest } = t;
  return rest;
}

export function tenantUseCases(deps: ServiceDeps) {
  /**
   * A new tenant gets its company, a read-only master branch (head office), a default branch to work in,
   * the current fiscal year and an admin. isNew stays true until the start-up branch screen is saved.
   */
  async function provision(input: ProvisionInput) {
    if (await usersRepository.userNameTaken(deps.db, input.adminUserName))
      throw conflict('userNameAlreadyUsed');
    const year = today().slice(0, 4);
    const tenantId = newId();
    const masterId = newId();
    const defaultId = newId();
    const adminHash = await hashPassword(input.adminPassword);
    return deps.transact(async (trx) => {
      const s = tenantScope(trx, tenantId);
      const tenant: Tenant = {
        id: tenantId,
        name: input.name,
        subscriptionStart: input.subscriptionStart,
        subscriptionEnd: input.subscriptionEnd,
        active: input.active,
        isInvoicePlan: input.isInvoicePlan,
        isNew: true,
        defaultBranchId: defaultId,
      };
      await tenantsRepository.insert(trx, tenant);
      const company = companyInput.parse({
        arabicName: input.name,
        fiscalYearStart: `${year}-01-01`,
        fiscalYearEnd: `${year}-12-31`,
      });
      await companyRepository.insert(s, company);
      const branches: [string, boolean, z.input<typeof branchInput>][] = [
        [
          masterId,
          true,
          {
            code: '0',
            arabicName: 'الإدارة العامة',
            englishName: 'Head office',
            // made by inventory and sales from this branch's event, by these ids (starter-records.ts)
            defaultStoreId: starterRecordId(tenantId, starterKeys.defaultStore),
            defaultCustomerId: starterRecordId(tenantId, starterKeys.cashCustomer),
            accountLinks: defaultAccountLinks(tenantId),
          },
        ],
        [
          defaultId,
          false,
          {
            code: '1',
            arabicName: 'الفرع الرئيسي',
            englishName: 'Main branch',
            accountLinks: defaultAccountLinks(tenantId),
          },
        ],
      ];
      const origin = providerOrigin(tenantId);
      for (const [id, isMaster, raw] of branches) {
        const parsed = branchInput.parse(raw);
        await branchesRepository.insert(s, id, isMaster, parsed);
        const branch = (await branchesRepository.find(s, id)) as Branch;
        await emit(trx, origin, 'branchCreated', id, branchEventPayload(branch));
      }
      const adminId = newId();
      await usersRepository.insert(
        s,
        adminId,
        {
          fullName: input.adminUserName,
          userName: input.adminUserName,
          phone: '',
          email: '',
          isAdmin: true,
          active: true,
          permissions: [...allPermissions],
          branches: [defaultId],
          maxAllowedDiscount: '100',
          canExceedOriginalQuantity: true,
          canRaisePriceAboveSalesPrice: true,
          canSaveInvoiceWithRemainder: true,
        },
        adminHash,
      );
      await emit(trx, origin, 'userCreated', adminId, {
        id: adminId,
        userName: input.adminUserName,
        fullName: input.adminUserName,
        isAdmin: true,
        active: true,
        branches: [defaultId],
        maxAllowedDiscount: '100.00',
        canExceedOriginalQuantity: true,
        canRaisePriceAboveSalesPrice: true,
        canSaveInvoiceWithRemainder: true,
      });
      await emit(
        trx,
        origin,
        'companyChanged',
        tenantId,
        companyEventPayload(company, defaultPosConfiguration),
      );
      await ensureFiscalYears(s, company.fiscalYearStart, company.fiscalYearEnd);
      await emitTenant(trx, tenant);
      return publicTenant(tenant);
    });
  }

  return {
    provision,

    async subscriptionData(ctx: RequestContext) {
      const tenant = await tenantsRepository.find(deps.db, requirePrincipal(ctx).tenantId);
      if (!tenant) throw notFound();
      const daysLeft = Math.max(
        0,
        Math.ceil((Date.parse(`${tenant.subscriptionEnd}T23:59:59Z`) - Date.now()) / 86_400_000),
      );
      return {
        tenantName: tenant.name,
        subscriptionStart: tenant.subscriptionStart,
        subscriptionEnd: tenant.subscriptionEnd,
        active: tenant.active,
        isInvoicePlan: tenant.isInvoicePlan,
        daysLeft,
      };
    },

    async changeSubscription(
      id: string,
      input: { subscriptionStart: string; subscriptionEnd: string; active: boolean },
    ) {
      if (input.subscriptionStart > input.subscriptionEnd) {
        throw new AppError(400, 'validationFailed', {}, [
          { field: 'subscriptionEnd', code: 'validation.startBeforeEnd' },
        ]);
      }
      return deps.transact(async (trx) => {
        const tenant = await tenantsRepository.find(trx, id);
        if (!tenant) throw notFound();
        await tenantsRepository.update(trx, id, input);
        const updated = { ...tenant, ...input };
        await emitTenant(trx, updated);
        return publicTenant(updated);
      });
    },

    /** First run of the embedded mode: a demo tenant whose admin is `admin`. Returns what to print. */
    async seedDemo(): Promise<Record<string, string> | undefined> {
      if ((await tenantsRepository.count(deps.db)) > 0) return undefined;
      const password = deps.env.ERP_ADMIN_PASSWORD || generatePassword();
      const start = today();
      const end = `${Number(start.slice(0, 4)) + 1}${start.slice(4)}`;
      try {
        await provision(
          tenantProvisionInput.parse({
            name: 'شركة العرض التجريبي',
            adminUserName: 'admin',
            adminPassword: password,
            subscriptionStart: start,
            subscriptionEnd: end,
            isInvoicePlan: true,
          }),
        );
      } catch (error) {
        // another replica starting at the same time seeded it first (the admin's unique user name decided)
        if ((await tenantsRepository.count(deps.db)) > 0) return undefined;
        throw error;
      }
      return {
        adminUserName: 'admin',
        adminPassword: deps.env.ERP_ADMIN_PASSWORD ? '(from ERP_ADMIN_PASSWORD)' : password,
      };
    },
  };
}
