import { formatDecimal, toStored, fromStored, type User } from '@erp/contracts';
import {
  bool,
  nowIso,
  paginate,
  parseJson,
  searchColumns,
  type Executor,
  type PageRequest,
  type TenantScope,
} from '@erp/service-kit';

type Row = Record<string, unknown>;

export interface UserRecord extends User {
  tenantId: string;
  passwordHash: string;
  /** Raised whenever the user's access tokens must stop working at once (see the Principal's tokenVersion). */
  tokenVersion: number;
}

export function toUser(row: Row): UserRecord {
  return {
    id: String(row.id),
    tenantId: String(row.tenant_id),
    fullName: String(row.full_name),
    userName: String(row.user_name),
    phone: String(row.phone),
    email: String(row.email),
    isAdmin: bool(row.is_admin),
    active: bool(row.active),
    permissions: parseJson<string[]>(row.permissions, []),
    branches: parseJson<string[]>(row.branches, []),
    maxAllowedDiscount: formatDecimal(fromStored(row.max_allowed_discount as number), 2),
    canExceedOriginalQuantity: bool(row.can_exceed_original_quantity),
    canRaisePriceAboveSalesPrice: bool(row.can_raise_price_above_sales_price),
    canSaveInvoiceWithRemainder: bool(row.can_save_invoice_with_remainder),
    passwordHash: String(row.password_hash),
    tokenVersion: Number(row.token_version ?? 0),
  };
}

/** The public shape: never the hash. */
export function publicUser(u: UserRecord): User {
  const { tenantId: _t, passwordHash: _h, tokenVersion: _v, ...user } = u;
  return user;
}

export type UserFields = Omit<User, 'id'>;

function toRow(u: UserFields): Row {
  return {
    full_name: u.fullName,
    user_name: u.userName,
    phone: u.phone,
    email: u.email,
    is_admin: u.isAdmin,
    active: u.active,
    permissions: JSON.stringify(u.permissions),
    branches: JSON.stringify(u.branches),
    max_allowed_discount: toStored(u.maxAllowedDiscount),
    can_exceed_original_quantity: u.canExceedOriginalQuantity,
    can_raise_price_above_sales_price: u.canRaisePriceAboveSalesPrice,
    can_save_invoice_with_remainder: u.canSaveInvoiceWithRemainder,
  };
}

export const usersRepository = {
  /** Login names are unique across tenants: the sign-in form has no tenant field (spec section 7). */
  async findByUserName(db: Executor, userName: string): Promise<UserRecord | null> {
    const row = await db('users').whereRaw('lower(user_name) = ?', [userName.toLowerCase()]).first();
    return row ? toUser(row) : null;
  },
  async userNameTaken(db: Executor, userName: string, exceptId?: string): Promise<boolean> {
    const q = db('users').whereRaw('lower(user_name) = ?', [userName.toLowerCase()]);
    if (exceptId) q.whereNot({ id: exceptId });
    return Boolean(await q.first('id'));
  },
  async phoneTaken(s: TenantScope, phone: string, exceptId?: string): Promise<boolean> {
    if (!phone) return false;
    const q = s('users').where({ phone });
    if (exceptId) q.whereNot({ id: exceptId });
    return Boolean(await q.first('id'));
  },
  async find(s: TenantScope, id: string): Promise<UserRecord | null> {
    const row = await s('users').where({ id }).first();
    return row ? toUser(row) : null;
  },
  list(s: TenantScope, page: PageRequest & { search?: string | undefined }) {
    const q = searchColumns(s('users'), ['user_name', 'full_name', 'phone'], page.search);
    return paginate(q, page, (x) => x.orderBy('user_name'), toUser);
  },
  async activeAdminCount(s: TenantScope): Promise<number> {
    const [{ n }] = (await s('users').where({ is_admin: true, active: true }).count({ n: '*' })) as [
      { n: number | string },
    ];
    return Number(n);
  },
  async usingBranch(s: TenantScope, branchId: string): Promise<boolean> {
    const rows = await s('users').select('branches');
    return rows.some((r: Row) => parseJson<string[]>(r.branches, []).includes(branchId));
  },
  async insert(s: TenantScope, id: string, u: UserFields, passwordHash: string): Promise<void> {
    const now = nowIso();
    await s.insert('users', {
      id,
      ...toRow(u),
      password_hash: passwordHash,
      created_at: now,
      updated_at: now,
    });
  },
  async update(s: TenantScope, id: string, u: UserFields, passwordHash?: string): Promise<void> {
    await s('users')
      .where({ id })
      .update({
        ...toRow(u),
        ...(passwordHash ? { password_hash: passwordHash } : {}),
        updated_at: nowIso(),
      });
  },
  /** Active users with this email, in any tenant (the forgotten-password form has no tenant either). */
  async findByEmail(db: Executor, email: string): Promise<UserRecord[]> {
    const rows = await db('users')
      .whereRaw('lower(email) = ?', [email.toLowerCase()])
      .andWhere('active', true);
    return rows.map(toUser);
  },
  async setPendingPassword(s: TenantScope, id: string, hash: string, expiresAt: string): Promise<void> {
    await s('users')
      .where({ id })
      .update({ pending_password_hash: hash, pending_password_expires_at: expiresAt });
  },
  async pendingPassword(s: TenantScope, id: string): Promise<{ hash: string; expiresAt: string } | null> {
    const row = await s('users').where({ id }).first('pending_password_hash', 'pending_password_expires_at');
    if (!row?.pending_password_hash) return null;
    return { hash: String(row.pending_password_hash), expiresAt: String(row.pending_password_expires_at) };
  },
  /** The mailed password was used: it becomes the password. */
  async promotePendingPassword(s: TenantScope, id: string): Promise<void> {
    const pending = await usersRepository.pendingPassword(s, id);
    if (!pending) return;
    await s('users').where({ id }).update({
      password_hash: pending.hash,
      pending_password_hash: null,
      pending_password_expires_at: null,
      updated_at: nowIso(),
    });
  },
  async preferences(s: TenantScope, id: string): Promise<unknown> {
    const row = await s('users').where({ id }).first('preferences');
    return parseJson(row?.preferences, {});
  },
  async savePreferences(s: TenantScope, id: string, preferences: unknown): Promise<void> {
    await s('users')
      .where({ id })
      .update({ preferences: JSON.stringify(preferences) });
  },
  async setPassword(s: TenantScope, id: string, passwordHash: string): Promise<void> {
    await s('users').where({ id }).update({
      password_hash: passwordHash,
      pending_password_hash: null,
      pending_password_expires_at: null,
      updated_at: nowIso(),
    });
  },
  /** Every access token the user holds stops working; returns the new version. */
  async bumpTokenVersion(s: TenantScope, id: string): Promise<number> {
    await s('users')
      .where({ id })
      .update({ token_version: s.db.raw('token_version + 1') });
    const row = await s('users').where({ id }).first('token_version');
    return Number(row?.token_version ?? 0);
  },
  async remove(s: TenantScope, id: string): Promise<void> {
    await s('users').where({ id }).delete();
  },
};
