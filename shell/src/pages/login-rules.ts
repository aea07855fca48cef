// The sign-in form's rules, loaded after first paint: the contracts' zod schemas (and the server texts that
// translate their messages) stay out of the shell's initial JavaScript.
import { userNameSchema } from '@erp/contracts';
import { translate, type Language } from '@erp/i18n';

export interface LoginErrors {
  userName?: string;
  password?: string;
}

/** The same rules and messages as the server's (packages/contracts, @erp/i18n server texts). */
export function checkLogin(language: Language, userName: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  const name = userNameSchema.safeParse(userName);
  if (!name.success) {
    errors.userName = translate(language, name.error.issues[0]?.message ?? 'validation.invalid');
  }
  if (!password) errors.password = translate(language, 'validation.required');
  return errors;
}
