// what other features use of the login feature
export { BindPhoneForm } from './bind-phone-form.tsx';
