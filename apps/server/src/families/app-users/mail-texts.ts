import type { FastifyRequest } from 'fastify';
import type { AuthTemplateKind, TemplateLanguage } from '@wharf/contract';

export type MailLanguage = TemplateLanguage;

/** The language of an app user's mail or text: the app's `X-Lang`, else `Accept-Language`. */
export function mailLanguage(req: FastifyRequest): MailLanguage {
  const raw = String(req.headers['x-lang'] ?? req.headers['accept-language'] ?? '').toLowerCase();
  return raw.startsWith('zh') || raw.startsWith('cn') ? 'cn' : raw.startsWith('ru') ? 'ru' : 'en';
}

/**
 * What Auth Service sends unless the project wrote its own (`{{app}}`, `{{code}}` and
 * `{{valid}}`, how long the code is valid, are filled in). Texted codes have no subject and
 * start with the code, which phones show in the notification.
 */
export const DEFAULT_TEMPLATES: Record<AuthTemplateKind, Record<MailLanguage, { subject: string; text: string }>> = {
  verifyEmail: {
    cn: { subject: '{{app}}：验证您的邮箱', text: '您在“{{app}}”中的邮箱验证码是：\n\n{{code}}\n\n验证码 {{valid}}内有效。如果这不是您本人的操作，请忽略此邮件。' },
    en: { subject: '{{app}}: verify your email', text: 'Your code to verify your email in {{app}} is:\n\n{{code}}\n\nIt is valid for {{valid}}. If you did not ask for this, ignore this message.' },
    ru: { subject: '{{app}}: подтвердите почту', text: 'Код для подтверждения почты в «{{app}}»:\n\n{{code}}\n\nОн действует {{valid}}. Если вы этого не запрашивали, просто проигнорируйте письмо.' },
  },
  resetPassword: {
    cn: { subject: '{{app}}：重置密码', text: '您在“{{app}}”中重置密码的验证码是：\n\n{{code}}\n\n验证码 {{valid}}内有效。如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。' },
    en: { subject: '{{app}}: reset your password', text: 'Your code to set a new password in {{app}} is:\n\n{{code}}\n\nIt is valid for {{valid}}. If you did not ask for this, ignore this message; your password stays as it is.' },
    ru: { subject: '{{app}}: сброс пароля', text: 'Код для нового пароля в «{{app}}»:\n\n{{code}}\n\nОн действует {{valid}}. Если вы этого не запрашивали, проигнорируйте письмо: пароль останется прежним.' },
  },
  phoneCode: {
    cn: { subject: '', text: '{{code}} 是您的“{{app}}”验证码，{{valid}}内有效。请勿告诉他人。' },
    en: { subject: '', text: '{{code}} is your {{app}} code. It is valid for {{valid}}. Do not share it.' },
    ru: { subject: '', text: '{{code}} — ваш код для «{{app}}». Действует {{valid}}. Никому его не сообщайте.' },
  },
};

/** How long a code is valid, in words of the language: "24 hours", «10 мин.», "30 分钟". */
export function validFor(language: MailLanguage, minutes: number): string {
  const hours = minutes % 60 === 0 && minutes >= 60 ? minutes / 60 : null;
  if (language === 'cn') return hours ? `${hours} 小时` : `${minutes} 分钟`;
  if (language === 'ru') return hours ? `${hours} ч.` : `${minutes} мин.`;
  return hours ? `${hours} hour${hours === 1 ? '' : 's'}` : `${minutes} minutes`;
}

/** A template with its placeholders filled in. */
export function fill(template: string, vars: { app: string; code: string; valid: string }): string {
  return template.replace(/\{\{(app|code|valid)\}\}/g, (_, name: 'app' | 'code' | 'valid') => vars[name]);
}
