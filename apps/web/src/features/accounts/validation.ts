import type { Rule } from 'antd/es/form';

/**
 * Form rules of the accounts screens, with messages in the display language; the limits
 * are the contract's (email up to 254, password 8 to 200, display name 1 to 64).
 */
export type T = (key: string, vars?: Record<string, unknown>) => string;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const DISPLAY_NAME_MAX = 64;

export function emailRules(t: T): Rule[] {
  return [
    { required: true, whitespace: true, message: t('validation.emailRequired') },
    { type: 'email', message: t('validation.emailInvalid') },
    { max: 254, message: t('validation.emailTooLong') },
  ];
}

export function newPasswordRules(t: T): Rule[] {
  return [
    { required: true, message: t('validation.passwordRequired') },
    { min: PASSWORD_MIN, message: t('validation.passwordTooShort', { min: PASSWORD_MIN }) },
    { max: PASSWORD_MAX, message: t('validation.passwordTooLong', { max: PASSWORD_MAX }) },
  ];
}

/** The repeated password must equal the field `password`. */
export function confirmRules(t: T): Rule[] {
  return [
    { required: true, message: t('validation.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: (_rule, value: unknown) =>
        !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('validation.confirmMismatch'))),
    }),
  ];
}

export function displayNameRules(t: T): Rule[] {
  return [
    { required: true, whitespace: true, message: t('validation.displayNameRequired') },
    { max: DISPLAY_NAME_MAX, message: t('validation.displayNameTooLong', { max: DISPLAY_NAME_MAX }) },
  ];
}
