import { ApiError } from '@erp/api-client';
import { apiFieldErrors, errorOf, issuesToFieldErrors } from './form-errors';

describe('form errors', () => {
  it('keeps the first issue per field, translated with the server texts', () => {
    const errors = issuesToFieldErrors(
      [
        { path: ['password'], message: 'validation.passwordLength' },
        { path: ['password'], message: 'validation.passwordStrength' },
        { path: ['branches'], message: 'validation.branchRequired' },
      ],
      'en',
    );
    expect(errors).toEqual({
      password: 'The password must have at least 8 characters',
      branches: 'Select at least one branch the user may view',
    });
  });

  it("maps a 400's per-field errors to fields, items to their list", () => {
    const error = new ApiError({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'Some fields are not valid',
      code: 'validationFailed',
      errors: [
        { field: 'phones.1', code: 'validation.phone', message: 'Enter a valid phone number' },
        { field: 'userName', code: 'validation.userName', message: 'Letters' },
      ],
    });
    const errors = apiFieldErrors(error);
    expect(errors.userName).toBe('Letters');
    expect(errorOf(errors, 'phones')).toBe('Enter a valid phone number');
    expect(errorOf(errors, 'email')).toBeUndefined();
  });
});
