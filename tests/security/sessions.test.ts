import { engines } from '../support/databases';
import { ADMIN_PASSWORD, bearer, login, startTestApp, type TestApp } from '../support/embedded-app';
import { PASSWORD, userWith, type Session } from './helpers';

/**
 * Issue 9, items 1 and 4: sign-in cannot be guessed without limit, whatever the spelling of its path, and an access
 * token stops working the moment what it stood for ends.
 */
describe.each(engines())('sessions on %s', (engine) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(engine, { loginRateLimit: 4 });
    await login(app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => app?.stop());

  it('limits sign-in per address on every spelling of the path (item 1)', async () => {
    // the first call of this app was the admin's sign-in: three more reach the handler, whatever the spelling
    const spellings = ['/api/users/auth', '/api/Users/auth/', '/api/USERS/AUTH', '/api/Users/Auth'];
    const statuses: number[] = [];
    for (const path of spellings) {
      statuses.push((await app.api.post(path).send({ userName: 'ghost', password: 'x' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const forget = await app.api.post('/api/users/FORGET-PASSWORD/').send({ email: 'a@example.com' });
    expect(forget.status).toBe(429);
    expect(forget.body.code).toBe('tooManyLoginAttempts');
  });
});

describe.each(engines())('tokens revoked at once on %s', (engine) => {
  let app: TestApp;
  let admin: Session;

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await login(app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => app?.stop());

  const asAdmin = () => bearer(admin.token);
  const status = async (token: string) =>
    (await app.api.get('/api/FavoriteRoutes').set(bearer(token))).status;

  it('limits failed sign-ins per user name, whatever the address (item 1)', async () => {
    await userWith(app, admin, 'guessed');
    for (let i = 0; i < 10; i++) {
      const res = await app.api
        .post('/api/Users/auth')
        .send({ userName: 'guessed', password: `Wrong${i}!aA` });
      expect(res.status).toBe(401);
    }
    const locked = await app.api.post('/api/Users/auth').send({ userName: 'GUESSED', password: PASSWORD });
    expect(locked.status).toBe(429);
    // another account is not locked with it
    expect(
      (await app.api.post('/api/Users/auth').send({ userName: 'admin', password: ADMIN_PASSWORD })).status,
    ).toBe(200);
  });

  it('ends a deleted user’s token (item 4)', async () => {
    const u = await userWith(app, admin, 'to_delete');
    expect(await status(u.token)).toBe(200);
    expect((await app.api.delete(`/api/Users/${u.id}`).set(asAdmin())).status).toBe(200);
    await app.flush();
    const res = await app.api.get('/api/FavoriteRoutes').set(bearer(u.token));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('expiredToken');
  });

  it('ends the token of a suspended user, of one who lost a permission, and after a password reset (item 4)', async () => {
    const suspended = await userWith(app, admin, 'to_suspend', { permissions: ['viewUsers'] });
    const demoted = await userWith(app, admin, 'to_demote', { permissions: ['viewUsers'] });
    const reset = await userWith(app, admin, 'to_reset', { permissions: ['viewUsers'] });
    for (const u of [suspended, demoted, reset]) {
      expect((await app.api.get('/api/Users').set(bearer(u.token))).status).toBe(200);
    }
    const record = async (id: string) => (await app.api.get(`/api/Users/${id}`).set(asAdmin())).body;
    const put = async (id: string, change: Record<string, unknown>) =>
      app.api
        .put(`/api/Users/${id}`)
        .set(asAdmin())
        .send({ ...(await record(id)), ...change });
    expect((await put(suspended.id, { active: false })).status).toBe(200);
    expect((await put(demoted.id, { permissions: [] })).status).toBe(200);
    expect((await put(reset.id, { password: 'N3w!Passw0rd', confirmPassword: 'N3w!Passw0rd' })).status).toBe(
      200,
    );
    await app.flush();
    for (const u of [suspended, demoted, reset]) {
      expect((await app.api.get('/api/Users').set(bearer(u.token))).status).toBe(401);
    }
    // the demoted user signs in again and gets a token with what they now hold
    const again = await login(app, 'to_demote', PASSWORD);
    expect((await app.api.get('/api/Users').set(bearer(again.token))).status).toBe(403);
    expect(await status(again.token)).toBe(200);
  });

  it('ends the token at logout, and a changed own password ends the other sessions (item 4)', async () => {
    const u = await userWith(app, admin, 'logs_out');
    const other = await login(app, 'logs_out', PASSWORD);
    expect((await app.api.post('/api/Users/logout').set(bearer(u.token)).send({})).status).toBe(200);
    await app.flush();
    expect(await status(u.token)).toBe(401);
    expect(await status(other.token)).toBe(401);
    const refreshed = await app.api.post('/api/Users/refresh').send({ refreshToken: other.refreshToken });
    expect(refreshed.status).toBe(401);
    const fresh = await login(app, 'logs_out', PASSWORD);
    const second = await login(app, 'logs_out', PASSWORD);
    const changed = await app.api
      .post('/api/Users/change-password')
      .set(bearer(fresh.token))
      .send({ oldPassword: PASSWORD, newPassword: 'Chang3d!Pass', confirmPassword: 'Chang3d!Pass' });
    expect(changed.status).toBe(200);
    await app.flush();
    expect(await status(second.token)).toBe(401);
  });
});
