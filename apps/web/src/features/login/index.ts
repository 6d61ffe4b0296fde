// what other features use of the login feature
export { BindPhoneForm } from './bind-phone-form.tsx';
// the pieces of the login forms, for the personal centre's password change
export { failureReporters, useAlertText, useFieldErrors, useSubmitRefocus } from './form-feedback.ts';
export { SmsCodeField, useResendCountdown } from './sms-code-field.tsx';
export { TextField } from './text-field.tsx';
export { firstError, validateWith, type FieldErrors } from './validation.ts';
