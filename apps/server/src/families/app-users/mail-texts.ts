import type { FastifyRequest } from 'fastify';

export type MailLanguage = 'cn' | 'en' | 'ru';

/** The language of an app user's mail: the app's `X-Lang`, else `Accept-Language`. */
export function mailLanguage(req: FastifyRequest): MailLanguage {
  const raw = String(req.headers['x-lang'] ?? req.headers['accept-language'] ?? '').toLowerCase();
  return raw.startsWith('zh') || raw.startsWith('cn') ? 'cn' : raw.startsWith('ru') ? 'ru' : 'en';
}

export function verifyMail(language: MailLanguage, appName: string, code: string, hours: number) {
  return {
    cn: { subject: `${appName}：验证您的邮箱`, text: `您在“${appName}”中的邮箱验证码是：\n\n${code}\n\n验证码 ${hours} 小时内有效。如果这不是您本人的操作，请忽略此邮件。` },
    en: { subject: `${appName}: verify your email`, text: `Your code to verify your email in ${appName} is:\n\n${code}\n\nIt is valid for ${hours} hours. If you did not ask for this, ignore this message.` },
    ru: { subject: `${appName}: подтвердите почту`, text: `Код для подтверждения почты в «${appName}»:\n\n${code}\n\nОн действует ${hours} ч. Если вы этого не запрашивали, просто проигнорируйте письмо.` },
  }[language];
}

export function resetMail(language: MailLanguage, appName: string, code: string, minutes: number) {
  return {
    cn: { subject: `${appName}：重置密码`, text: `您在“${appName}”中重置密码的验证码是：\n\n${code}\n\n验证码 ${minutes} 分钟内有效。如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。` },
    en: { subject: `${appName}: reset your password`, text: `Your code to set a new password in ${appName} is:\n\n${code}\n\nIt is valid for ${minutes} minutes. If you did not ask for this, ignore this message; your password stays as it is.` },
    ru: { subject: `${appName}: сброс пароля`, text: `Код для нового пароля в «${appName}»:\n\n${code}\n\nОн действует ${minutes} мин. Если вы этого не запрашивали, проигнорируйте письмо: пароль останется прежним.` },
  }[language];
}

/** The text message with a phone code: short, the code first (phones show it in the notification). */
export function phoneCodeText(language: MailLanguage, appName: string, code: string, minutes: number): string {
  return {
    cn: `${code} 是您的“${appName}”验证码，${minutes} 分钟内有效。请勿告诉他人。`,
    en: `${code} is your ${appName} code. It is valid for ${minutes} minutes. Do not share it.`,
    ru: `${code} — ваш код для «${appName}». Действует ${minutes} мин. Никому его не сообщайте.`,
  }[language];
}
