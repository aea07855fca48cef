import { z } from 'zod';
import { isStrictBase64, textSchema } from './text';
import { idSchema, namesInput } from './common';
import { decimalString } from './decimal-schema';
import { branchAccountLinks, noAccountLinks } from './account-links';
import { printTemplatesSchema } from './print-templates';
import { defaultPosConfiguration, posConfigurationSchema } from './pos/scale-barcode';
import { isPermissionName, type PermissionName } from './permissions';
import {
  ONE_MIB,
  base64DecodedSize,
  emailSchema,
  isoDateSchema,
  PASSWORD_MAX_LENGTH,
  passwordProblems,
  phoneSchema,
  taxNumberSchema,
  userNameSchema,
} from './validators';

const text = (max: number) => textSchema(max);
const optionalText = (max: number) => text(max).optional().default('');
const required = (max: number) => text(max).min(1, { message: 'validation.required' });
const permissionList = z
  .array(z.string())
  .refine((names) => names.every(isPermissionName), { message: 'validation.permission' })
  .transform((names) => [...new Set(names)] as PermissionName[]);

// ---- login ---------------------------------------------------------------------------------------

export const loginRequest = z.object({
  userName: userNameSchema,
  password: z.string().min(1, { message: 'validation.required' }).max(PASSWORD_MAX_LENGTH),
});

/** The spec's login profile (section 3), plus the refresh token for the '401 on retry' flow. */
export const loginProfile = z.object({
  token: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
  userId: idSchema,
  userName: z.string(),
  fullName: z.string(),
  phone: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  permissions: z.array(z.string()),
  branches: z.array(idSchema),
  isNewTenant: z.boolean(),
  isInvoicePlan: z.boolean(),
  defaultBranchId: idSchema.nullable(),
});
export type LoginProfile = z.infer<typeof loginProfile>;

export const refreshRequest = z.object({ refreshToken: z.string().min(20).max(200) });

/** What a re-entered password may confirm: each a destructive action the spec guards with the password. */
export const confirmationPurposes = ['separatePreviousBalances'] as const;
export type ConfirmationPurpose = (typeof confirmationPurposes)[number];

export const confirmPasswordRequest = z.object({
  password: z.string().min(1, { message: 'validation.required' }).max(PASSWORD_MAX_LENGTH),
  purpose: z.enum(confirmationPurposes),
});
/** A short-lived proof of the re-entered password, for that purpose only (never an access token). */
export const confirmPasswordResponse = z.object({ confirmation: z.string(), expiresIn: z.number().int() });

export const changePasswordRequest = z
  .object({
    oldPassword: z.string().min(1, { message: 'validation.required' }).max(PASSWORD_MAX_LENGTH),
    newPassword: z.string().min(1, { message: 'validation.required' }),
    confirmPassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.confirmed' });
    }
  });

// ---- branches ------------------------------------------------------------------------------------

export const branchPolicies = z.object({
  costPrice: z.enum(['weightedAverage', 'lastPurchase']).default('weightedAverage'),
  minimumSalesPrice: z.enum(['block', 'warn', 'ignore']).default('warn'),
  negativeBalance: z.enum(['block', 'allow']).default('block'),
  minimumLimit: z.enum(['warn', 'ignore']).default('warn'),
  reorderLimit: z.enum(['warn', 'ignore']).default('warn'),
  stocktakingMethod: z.enum(['countedItemsOnly', 'wholeStore']).default('countedItemsOnly'),
  tax: z.enum(['exclusive', 'inclusive']).default('exclusive'),
  discount: z.enum(['perLine', 'perInvoice', 'both']).default('both'),
  /** Spec section 5: 'customer phone mandatory by policy' (a sales document's customer must have one). */
  customerPhone: z.enum(['optional', 'required']).default('optional'),
});

export const branchSwitches = z.object({
  enablePriceLists: z.boolean().default(false),
  enableCostCenters: z.boolean().default(false),
  multiStore: z.boolean().default(false),
  editableTransactionDates: z.boolean().default(false),
  immediateStockUpdateOnSales: z.boolean().default(true),
  immediateStockUpdateOnPurchases: z.boolean().default(true),
  bypassCreditLimit: z.boolean().default(false),
  sellBelowCost: z.boolean().default(false),
  serialPerYear: z.boolean().default(false),
  automaticPosting: z.boolean().default(false),
  /** Spec section 5: zero quantities and zero prices on documents are blocked unless the branch allows them. */
  allowZeroQuantity: z.boolean().default(false),
  allowZeroPrice: z.boolean().default(false),
});

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'validation.time' });

/** What a branch edit may change. The national address is what a ZATCA tax invoice needs (design.md 9). */
export const branchInput = namesInput.and(
  z.object({
    code: required(20),
    decimalDigits: z
      .number()
      .int()
      .min(0, { message: 'validation.min' })
      .max(4, { message: 'validation.max' })
      .default(2),
    phone: z.union([z.literal(''), phoneSchema]).default(''),
    address: optionalText(300),
    notes: optionalText(1000),
    commercialRegistrationNumber: z
      .union([z.literal(''), z.string().regex(/^\d{10}$/, { message: 'validation.digits' })])
      .default(''),
    buildingNumber: z
      .union([z.literal(''), z.string().regex(/^\d{4}$/, { message: 'validation.digits' })])
      .default(''),
    streetName: optionalText(120),
    district: optionalText(120),
    city: optionalText(120),
    postalCode: z
      .union([z.literal(''), z.string().regex(/^\d{5}$/, { message: 'validation.digits' })])
      .default(''),
    additionalNumber: z
      .union([z.literal(''), z.string().regex(/^\d{4}$/, { message: 'validation.digits' })])
      .default(''),
    timezone: z.string().max(60).default('Asia/Riyadh'),
    dayStartTime: timeOfDay.default('00:00'),
    dayEndTime: timeOfDay.default('23:59'),
    profitMargin: decimalString.default('0'),
    allowancePeriod: z.number().int().min(0, { message: 'validation.positive' }).default(0),
    discountLevel: decimalString.default('0'),
    maxAccountLevel: z.number().int().min(1).max(12).default(6),
    defaultCustomerId: idSchema.nullable().default(null),
    defaultStoreId: idSchema.nullable().default(null),
    defaultPriceListId: idSchema.nullable().default(null),
    policies: branchPolicies.default(branchPolicies.parse({})),
    switches: branchSwitches.default(branchSwitches.parse({})),
    accountLinks: branchAccountLinks.default(noAccountLinks),
  }),
);
export type BranchInput = z.infer<typeof branchInput>;

export const branchSchema = z.object({
  id: idSchema,
  isMaster: z.boolean(),
  code: z.string(),
  arabicName: z.string(),
  englishName: z.string(),
  decimalDigits: z.number().int(),
  phone: z.string(),
  address: z.string(),
  notes: z.string(),
  commercialRegistrationNumber: z.string(),
  buildingNumber: z.string(),
  streetName: z.string(),
  district: z.string(),
  city: z.string(),
  postalCode: z.string(),
  additionalNumber: z.string(),
  timezone: z.string(),
  dayStartTime: z.string(),
  dayEndTime: z.string(),
  profitMargin: z.string(),
  allowancePeriod: z.number().int(),
  discountLevel: z.string(),
  maxAccountLevel: z.number().int(),
  defaultCustomerId: idSchema.nullable(),
  defaultStoreId: idSchema.nullable(),
  defaultPriceListId: idSchema.nullable(),
  policies: branchPolicies,
  switches: branchSwitches,
  accountLinks: branchAccountLinks.default(noAccountLinks),
});
export type Branch = z.infer<typeof branchSchema>;

// ---- company -------------------------------------------------------------------------------------

/** Business-type flags that gate menus (spec section 2, sidebar). */
export const businessTypes = z.object({
  restaurant: z.boolean().default(false),
  concrete: z.boolean().default(false),
  carShowroom: z.boolean().default(false),
  priceLists: z.boolean().default(false),
  mediatorSystems: z.boolean().default(false),
  contractsAndConstruction: z.boolean().default(false),
  taxEInvoicing: z.boolean().default(false),
  points: z.boolean().default(false),
});

export const companyInput = namesInput
  .and(
    z.object({
      logoUrl: optionalText(500),
      fiscalYearStart: isoDateSchema,
      fiscalYearEnd: isoDateSchema,
      phones: z.array(phoneSchema).max(5).default([]),
      fax: optionalText(30),
      taxNumber: z.union([z.literal(''), taxNumberSchema]).default(''),
      taxPercentage: decimalString.default('15'),
      commercialRegisterNumber: optionalText(30),
      country: z.string().length(2).default('SA'),
      currency: z.string().length(3).default('SAR'),
      businessTypes: businessTypes.default(businessTypes.parse({})),
    }),
  )
  .superRefine((v, ctx) => {
    if (v.fiscalYearStart >= v.fiscalYearEnd) {
      ctx.addIssue({ code: 'custom', path: ['fiscalYearEnd'], message: 'validation.startBeforeEnd' });
    }
  });
export type CompanyInput = z.infer<typeof companyInput>;

export const companySchema = z.object({
  arabicName: z.string(),
  englishName: z.string(),
  logoUrl: z.string(),
  fiscalYearStart: z.string(),
  fiscalYearEnd: z.string(),
  phones: z.array(z.string()),
  fax: z.string(),
  taxNumber: z.string(),
  taxPercentage: z.string(),
  commercialRegisterNumber: z.string(),
  country: z.string(),
  currency: z.string(),
  businessTypes: businessTypes,
  /** The print templates per sales document type (changed by their own route, not by a company edit). */
  printTemplates: printTemplatesSchema.default({}),
  /** The POS settings (/posConfigurations, its own route): the scales' label prefix and mode (issue 15). */
  posConfiguration: posConfigurationSchema.default(defaultPosConfiguration),
});
export type Company = z.infer<typeof companySchema>;

export const startUpResponse = z.object({ branches: z.array(branchSchema), currentCompany: companySchema });

// ---- fiscal years, favorites, tickets ------------------------------------------------------------

export const fiscalYearSchema = z.object({
  year: z.number().int().nullable(),
  startDate: z.string(),
  endDate: z.string(),
});
export type FiscalYear = z.infer<typeof fiscalYearSchema>;

export const favoriteRouteInput = z.object({
  routeUrl: z
    .string()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(300)
    .regex(/^\/[^\s]*$/, { message: 'validation.route' }),
  title: required(120),
});
export const favoriteRouteSchema = z.object({ id: idSchema, routeUrl: z.string(), title: z.string() });

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;
export const ticketStatuses = ['underReview', 'received', 'underProcedure', 'closed'] as const;

/** Spec section 5, feedback form: title, phone, email and message required; image at most 1 MiB, jpg/png/gif. */
export const supportTicketInput = z
  .object({
    title: required(200),
    phone: phoneSchema,
    email: emailSchema,
    message: textSchema(5000, { multiline: true }).min(1, { message: 'validation.describeIssue' }),
    imageExtension: z.string().trim().toLowerCase().optional().default(''),
    base64Image: z.string().optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.base64Image) return;
    if (!isStrictBase64(v.base64Image)) {
      ctx.addIssue({ code: 'custom', path: ['base64Image'], message: 'validation.base64' });
      return;
    }
    if (!(IMAGE_EXTENSIONS as readonly string[]).includes(v.imageExtension)) {
      ctx.addIssue({ code: 'custom', path: ['imageExtension'], message: 'validation.imageType' });
    }
    if (base64DecodedSize(v.base64Image) > ONE_MIB) {
      ctx.addIssue({ code: 'custom', path: ['base64Image'], message: 'validation.fileSizeExceedsOneMiB' });
    }
  });

export const supportTicketSchema = z.object({
  id: idSchema,
  title: z.string(),
  phone: z.string(),
  email: z.string(),
  message: z.string(),
  type: z.string(),
  comment: z.string(),
  hasImage: z.boolean(),
  status: z.enum(ticketStatuses),
  createdAt: z.string(),
});

// ---- users ---------------------------------------------------------------------------------------

const userFields = {
  fullName: required(120),
  userName: userNameSchema,
  phone: z.union([z.literal(''), phoneSchema]).default(''),
  email: z.union([z.literal(''), emailSchema]).default(''),
  isAdmin: z.boolean().default(false),
  active: z.boolean().default(true),
  permissions: permissionList.default([]),
  /** The branch view permission: the branches the user may work in; at least one (spec section 5). */
  branches: z.array(idSchema).min(1, { message: 'validation.branchRequired' }),
  maxAllowedDiscount: decimalString
    .refine((v) => !v.startsWith('-') && Number(v) <= 100, { message: 'validation.maxDiscount' })
    .default('0'),
  canExceedOriginalQuantity: z.boolean().default(false),
  canRaisePriceAboveSalesPrice: z.boolean().default(false),
  canSaveInvoiceWithRemainder: z.boolean().default(false),
};

function checkPassword(
  v: { password?: string | undefined; confirmPassword?: string | undefined; userName: string },
  ctx: z.RefinementCtx,
) {
  if (v.password === undefined || v.password === '') return;
  for (const message of passwordProblems(v.password, v.userName)) {
    ctx.addIssue({ code: 'custom', path: ['password'], message });
  }
  if (v.password !== v.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.confirmed' });
  }
}

export const userCreateInput = z
  .object({
    ...userFields,
    password: z.string().min(1, { message: 'validation.required' }),
    confirmPassword: z.string(),
  })
  .superRefine(checkPassword);

export const userUpdateInput = z
  .object({ ...userFields, password: z.string().optional(), confirmPassword: z.string().optional() })
  .superRefine(checkPassword);

export const userSchema = z.object({
  id: idSchema,
  fullName: z.string(),
  userName: z.string(),
  phone: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  active: z.boolean(),
  permissions: z.array(z.string()),
  branches: z.array(idSchema),
  maxAllowedDiscount: z.string(),
  canExceedOriginalQuantity: z.boolean(),
  canRaisePriceAboveSalesPrice: z.boolean(),
  canSaveInvoiceWithRemainder: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

// ---- audit log -----------------------------------------------------------------------------------

export const auditLogSchema = z.object({
  id: idSchema,
  service: z.string(),
  entity: z.string(),
  entityId: z.string(),
  action: z.enum(['created', 'modified', 'deleted']),
  property: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  occurredAt: z.string(),
});

/**
 * One change as /logs shows it (issue 12 item 6): who changed which record (its code and names, as last
 * recorded) and each changed field with its value before and after; technical properties left out.
 */
export const auditChangeSchema = z.object({
  id: z.string(),
  service: z.string(),
  entity: z.string(),
  entityId: z.string(),
  action: z.enum(['created', 'modified', 'deleted']),
  recordCode: z.string(),
  recordArabicName: z.string(),
  recordEnglishName: z.string(),
  changes: z.array(
    z.object({ property: z.string(), before: z.string().nullable(), after: z.string().nullable() }),
  ),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  occurredAt: z.string(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditLogQuery = z.object({
  entity: z.string().max(60).optional(),
  entityId: z.string().max(64).optional(),
  userId: z.string().max(64).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});

// ---- provider (SaaS operator) --------------------------------------------------------------------

export const tenantProvisionInput = z
  .object({
    name: required(200),
    adminUserName: userNameSchema,
    adminPassword: z.string().min(1, { message: 'validation.required' }),
    subscriptionStart: isoDateSchema,
    subscriptionEnd: isoDateSchema,
    isInvoicePlan: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  // the same password rule as every other place a password is set (spec section 5)
  .superRefine((v, ctx) => {
    for (const message of passwordProblems(v.adminPassword, v.adminUserName))
      ctx.addIssue({ code: 'custom', path: ['adminPassword'], message });
  });

export const tenantSubscriptionInput = z.object({
  subscriptionStart: isoDateSchema,
  subscriptionEnd: isoDateSchema,
  active: z.boolean(),
});

export const tenantSchema = z.object({
  id: idSchema,
  name: z.string(),
  subscriptionStart: z.string(),
  subscriptionEnd: z.string(),
  active: z.boolean(),
  isInvoicePlan: z.boolean(),
  isNew: z.boolean(),
});

// ---- forgotten password, subscription data, preferences ------------------------------------------

export const forgetPasswordRequest = z.object({ email: emailSchema });

export const subscriptionDataSchema = z.object({
  tenantName: z.string(),
  subscriptionStart: z.string(),
  subscriptionEnd: z.string(),
  active: z.boolean(),
  isInvoicePlan: z.boolean(),
  daysLeft: z.number().int(),
});

/** The theme customizer's choices (issue 3), remembered per user. */
export const themePreferences = z.object({
  layout: z.enum(['vertical', 'horizontal']).default('vertical'),
  menuCollapsed: z.boolean().default(false),
  navbarType: z.enum(['floating', 'sticky', 'static', 'hidden']).default('floating'),
  footerType: z.enum(['sticky', 'static', 'hidden']).default('static'),
  skin: z.enum(['light', 'dark', 'bordered', 'semi-dark']).default('light'),
  routerTransition: z.enum(['fadeIn', 'zoomFade', 'fadeInLeft', 'none']).default('fadeIn'),
});

export const userPreferencesSchema = z.object({
  theme: themePreferences.default(themePreferences.parse({})),
  language: z.enum(['ar', 'en', 'fr', 'de', 'pt', 'ku']).nullable().default(null),
  /** The Umm al-Qura Hijri date beside the Gregorian one (issue 10 item 9); absent: not shown. */
  showHijri: z.boolean().optional(),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;
