import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config';

/** The admin's headers (Arabic), for the calls `adminApi` does not offer (a PUT, a header of one's own). */
export async function adminHeaders(request: APIRequestContext) {
  const auth = await request.post('/api/Users/auth', {
    data: { userName: 'admin', password: ADMIN_PASSWORD },
  });
  const { token, defaultBranchId } = (await auth.json()) as { token: string; defaultBranchId: string };
  return { Authorization: `Bearer ${token}`, BranchId: defaultBranchId, Language: 'ar' };
}

/** The admin's API session, for arranging data the journey is not about (what another screen would do). */
export async function adminApi(request: APIRequestContext) {
  const auth = await request.post('/api/Users/auth', {
    data: { userName: 'admin', password: ADMIN_PASSWORD },
  });
  expect(auth.status()).toBe(200);
  const admin = (await auth.json()) as { token: string; defaultBranchId: string };
  const headers = { Authorization: `Bearer ${admin.token}`, BranchId: admin.defaultBranchId, Language: 'ar' };
  return {
    /** The admin's default branch, the one the screens work in after sign-in. */
    branchId: admin.defaultBranchId,
    /** The admin's headers, for a call the helpers below do not make (a PUT). */
    headers: async () => headers,
    async get<T>(url: string): Promise<T> {
      const res = await request.get(url, { headers });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as T;
    },
    async post<T = { id: string }>(url: string, data: unknown): Promise<T> {
      const res = await request.post(url, { headers, data });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as T;
    },
    /** A POST that acts on what exists (a voucher's post or unpost): 200, not 201. */
    async act<T = unknown>(url: string, data: unknown = {}): Promise<T> {
      const res = await request.post(url, { headers, data });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as T;
    },
    async remove(url: string): Promise<void> {
      const res = await request.delete(url, { headers });
      expect(res.status(), await res.text()).toBe(200);
    },
    /** The admin's branch books documents as their events come (on), or leaves them waiting (off: a new tenant). */
    async automaticPosting(on: boolean): Promise<void> {
      const url = `/api/Branches/${admin.defaultBranchId}`;
      const branch = (await (await request.get(url, { headers })).json()) as {
        switches: Record<string, unknown>;
      };
      const res = await request.put(url, {
        headers,
        data: { ...branch, switches: { ...branch.switches, automaticPosting: on } },
      });
      expect(res.status(), await res.text()).toBe(200);
    },
    /** Turns the company's business types on, so the flagged menu entries (restaurant, concrete) show. */
    async enableBusinessTypes(types: Record<string, boolean>): Promise<void> {
      const company = (await (await request.get('/api/Company', { headers })).json()) as {
        businessTypes: Record<string, boolean>;
      };
      const res = await request.put('/api/Company', {
        headers,
        data: { ...company, businessTypes: { ...company.businessTypes, ...types } },
      });
      expect(res.status(), await res.text()).toBe(200);
    },
  };
}

interface Workbook {
  xlsx: { readFile(file: string): Promise<unknown> };
  worksheets: { eachRow(fn: (row: { values: unknown }) => void): void }[];
}

/** The rows of the first sheet of an .xlsx file, read with the workbook library the server writes it with. */
export async function xlsxRows(file: string): Promise<string[][]> {
  const kit = path.resolve(__dirname, '../../../packages/service-kit');
  // exceljs is the service kit's dependency, not the e2e package's: load it from there
  const ExcelJS = createRequire(path.join(kit, 'package.json'))('exceljs') as {
    Workbook: new () => Workbook;
  };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push(
      (row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))),
    );
  });
  return rows;
}
