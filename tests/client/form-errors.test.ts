import { describe, expect, it } from 'vitest';
import { loginRequest, registrationRequest } from '@shared/schemas/auth';
import { ApiError } from '@/lib/api-error';
import { hasPath, mapFieldErrors, requiredFields, schemaValidator, submitErrors } from '@/lib/form-errors';

const values = {
  email: '',
  password: '',
  password2: '',
  horses: [
    { name: '', passport: '' },
    { name: 'Bella', passport: '' },
  ],
};
const inForm = (path: string) => hasPath(values, path);

describe('server field errors → form (spec §5)', () => {
  it('attaches errors keyed by field to that field, translating field codes', () => {
    const mapped = mapFieldErrors({ email: ['email_taken'], password: ['password_too_short', 'Too weak'] }, inForm);
    expect(mapped.fields).toEqual({
      email: 'An account with this e-mail address already exists.',
      password: 'The password must be at least 8 characters long. Too weak',
    });
    expect(mapped.form).toEqual([]);
  });

  it('puts __all__, bare lists and unknown fields into the form-level list', () => {
    expect(mapFieldErrors({ __all__: ['not_allowed'], nickname: ['required'] }, inForm)).toEqual({
      fields: {},
      form: ['This value is not allowed.', 'This field is required.'],
    });
    expect(mapFieldErrors(['Venue is closed.', 'invalid'], inForm)).toEqual({
      fields: {},
      form: ['Venue is closed.', 'Enter a valid value.'],
    });
  });

  it('maps nested lists onto the items and adds "Check errors above."', () => {
    const mapped = mapFieldErrors({ horses: [null, { passport: ['required'] }], email: ['invalid_email'] }, inForm);
    expect(mapped.fields).toEqual({
      'horses.1.passport': 'This field is required.',
      email: 'Enter a valid e-mail address.',
    });
    expect(mapped.form).toEqual(['Check errors above.']);
  });

  it('says "Check errors above." once for several nested lists', () => {
    const mapped = mapFieldErrors({ horses: [{ name: ['required'] }], grooms: [{ name: ['required'] }] }, inForm);
    expect(mapped.form).toEqual(['Check errors above.', 'This field is required.']);
    expect(mapped.fields).toEqual({ 'horses.0.name': 'This field is required.' });
  });

  it('follows nested objects to dotted paths', () => {
    const mapped = mapFieldErrors({ address: { city: ['required'] } }, (path) => path === 'address.city');
    expect(mapped.fields).toEqual({ 'address.city': 'This field is required.' });
  });
});

describe('submit errors', () => {
  it('spreads a validation answer over the form', () => {
    const error = new ApiError(
      400,
      { error: 'validation', message: 'x', fields: { email: ['email_taken'], __all__: ['Closed.'] } },
      { message: 'Please correct the errors below.' },
    );
    expect(submitErrors(error, values)).toEqual({
      fields: { email: 'An account with this e-mail address already exists.' },
      form: ['Closed.'],
    });
  });

  it('shows the error message when there are no fields, and nothing the client already toasted', () => {
    const plain = new ApiError(
      400,
      { error: 'invalid_credentials', message: 'x' },
      { message: 'Unable to log in with provided credentials.' },
    );
    expect(submitErrors(plain, values).form).toEqual(['Unable to log in with provided credentials.']);
    const toasted = new ApiError(500, { error: 'internal', message: 'x' }, { message: 'x', notified: true });
    expect(submitErrors(toasted, values).form).toEqual([]);
  });
});

describe('client validation with the shared schemas', () => {
  it('reports missing login fields with translated codes', () => {
    expect(schemaValidator(loginRequest)({ username: ' ', password: '' })).toEqual({
      username: 'This field is required.',
      password: 'This field is required.',
    });
  });

  it('checks plain required fields without a schema', () => {
    expect(
      requiredFields<{ username: string; password: string }>(['username', 'password'])({
        username: 'rider',
        password: '  ',
      }),
    ).toEqual({
      password: 'This field is required.',
    });
  });

  it('checks the repeated password', () => {
    const errors = schemaValidator(registrationRequest)({
      email: 'rita@example.com',
      first_name: 'Rita',
      last_name: 'Reiter',
      role: 'rider',
      password: 'long-enough-1',
      password2: 'different-1',
    });
    expect(errors).toEqual({ password2: "The two passwords don't match." });
  });
});
