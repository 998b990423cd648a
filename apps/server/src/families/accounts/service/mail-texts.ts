/** Mail the accounts family sends, in the recipient's display language. */
type Lang = 'cn' | 'en' | 'ru';

export function sitePathOf(language: string | null | undefined): string {
  return language === 'en' ? '/en/' : language === 'ru' ? '/ru/' : '/';
}

export function resetMail(language: Lang, link: string) {
  return {
    cn: { subject: 'Wharf：重置密码', text: `请在 1 小时内打开以下链接重置密码：\n\n${link}\n\n如果这不是您本人的操作，请忽略此邮件。` },
    en: { subject: 'Wharf: reset your password', text: `Open this link within one hour to set a new password:\n\n${link}\n\nIf you did not ask for this, ignore this message.` },
    ru: { subject: 'Wharf: сброс пароля', text: `Откройте ссылку в течение часа, чтобы задать новый пароль:\n\n${link}\n\nЕсли вы этого не запрашивали, просто проигнорируйте письмо.` },
  }[language];
}

export function invitationMail(language: Lang, link: string, teamName: string, inviter: string, days: number) {
  return {
    cn: { subject: `Wharf：${inviter} 邀请您加入团队 ${teamName}`, text: `${inviter} 邀请您加入 Wharf 团队“${teamName}”。\n\n接受邀请：${link}\n\n邀请 ${days} 天内有效。` },
    en: { subject: `Wharf: ${inviter} invited you to ${teamName}`, text: `${inviter} invited you to the Wharf team "${teamName}".\n\nAccept: ${link}\n\nThe invitation is valid for ${days} days.` },
    ru: { subject: `Wharf: ${inviter} приглашает вас в команду ${teamName}`, text: `${inviter} приглашает вас в команду Wharf «${teamName}».\n\nПринять приглашение: ${link}\n\nПриглашение действует ${days} дн.` },
  }[language];
}

export function asLang(value: string | null | undefined): Lang {
  return value === 'en' || value === 'ru' ? value : value === 'cn' ? 'cn' : 'en';
}
