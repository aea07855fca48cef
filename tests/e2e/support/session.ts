import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../playwright.config';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';

export { ADMIN_PASSWORD };

/** The admin's remembered theme and language back to the defaults, so each journey starts in Arabic, light. */
export async function resetAdminPreferences(request: APIRequestContext): Promise<void> {
  const auth = await request.post('/api/Users/auth', {
    data: { userName: 'admin', password: ADMIN_PASSWORD },
  });
  expect(auth.status()).toBe(200);
  const { token } = (await auth.json()) as { token: string };
  const reset = await request.put('/api/UserPreferences', {
    headers: { Authorization: `Bearer ${token}` },
    data: { theme: {}, language: null },
  });
  expect(reset.status(), await reset.text()).toBe(200);
}

export async function signInAsAdmin(page: Page): Promise<HomePage> {
  await resetAdminPreferences(page.request);
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('admin', ADMIN_PASSWORD);
  const home = new HomePage(page);
  await home.expectShown();
  return home;
}

/** A user with the given permissions, created through the API as the admin (what the users screen does). */
export async function createUser(
  request: APIRequestContext,
  userName: string,
  password: string,
  permissions: string[],
): Promise<void> {
  const auth = await request.post('/api/Users/auth', {
    data: { userName: 'admin', password: ADMIN_PASSWORD },
  });
  expect(auth.status()).toBe(200);
  const admin = (await auth.json()) as { token: string; defaultBranchId: string };
  const headers = { Authorization: `Bearer ${admin.token}` };
  const existing = await request.get(`/api/Users?search=${userName}`, { headers });
  const page = (await existing.json()) as { items: { userName: string }[] };
  if (page.items.some((u) => u.userName === userName)) return;
  const created = await request.post('/api/Users', {
    headers,
    data: {
      fullName: 'Sara Clerk',
      userName,
      password,
      confirmPassword: password,
      branches: [admin.defaultBranchId],
      permissions,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
}
