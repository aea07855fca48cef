import { bearer, login, type TestApp } from '../support/embedded-app';

export const PASSWORD = 'Str0ng!Pass';

export type Session = Awaited<ReturnType<typeof login>>;

/** Creates a user as `admin` (201 expected) and signs them in. */
export async function userWith(
  app: TestApp,
  admin: Session,
  userName: string,
  fields: Record<string, unknown> = {},
): Promise<Session & { id: string }> {
  const res = await app.api
    .post('/api/Users')
    .set(bearer(admin.token))
    .send({
      fullName: `User ${userName}`,
      userName,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      branches: [admin.defaultBranchId],
      ...fields,
    });
  if (res.status !== 201) throw new Error(`create ${userName}: ${res.status} ${JSON.stringify(res.body)}`);
  await app.flush();
  return { ...(await login(app, userName, PASSWORD)), id: res.body.id as string };
}
