import {
  LoginRequest,
  PasswordResetRequest,
  RegisterRequest,
  SmsLoginRequest,
  type AuthSession,
} from '@sfm/protocol';
import { api, type ApiFailure } from '../../api/http-client.ts';
import type { LoginField, LoginValues, LoginView } from './login-views.ts';
import { normalizePhone, validateWith, type FieldErrors } from './validation.ts';

type SessionAnswer = { ok: true; data: AuthSession } | ApiFailure;

/**
 * What a view's submit sends: the errors its values have against the contract's schema (checked
 * here first, so a mistake is shown without a round trip) and the call that sends them.
 */
export function loginRequest(
  view: LoginView,
  values: LoginValues,
): { found: FieldErrors<LoginField>; run: () => Promise<SessionAnswer> } {
  const phone = normalizePhone(values.phone);
  const code = values.code.trim();
  switch (view) {
    case 'password': {
      const body = { phone, password: values.password };
      return { found: validateWith<LoginField>(LoginRequest, body), run: () => api.call('login', body) };
    }
    case 'sms': {
      const body = { phone, code };
      return {
        found: validateWith<LoginField>(SmsLoginRequest, body),
        run: () => api.call('smsLogin', body),
      };
    }
    case 'register': {
      const nickname = values.nickname.trim();
      const body = nickname
        ? { phone, code, password: values.password, nickname }
        : { phone, code, password: values.password };
      return {
        found: validateWith<LoginField>(RegisterRequest, body),
        run: () => api.call('register', body),
      };
    }
    case 'reset': {
      const body = { phone, code, newPassword: values.newPassword };
      return {
        found: validateWith<LoginField>(PasswordResetRequest, body),
        run: () => api.call('passwordReset', body),
      };
    }
  }
}
