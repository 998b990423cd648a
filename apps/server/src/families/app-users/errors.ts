import { AppError, forbidden } from '../../platform/http/errors';

/** The family's refusals that more than one call gives. */
export const emailTaken = () => new AppError('conflict', { zh: '该邮箱已注册，请直接登录', en: 'An account with this email exists; sign in instead', ru: 'Аккаунт с этим адресом уже есть; войдите в него' });
/** Said to a disabled user however they try: signing in (403) or refreshing (401). */
export const USER_DISABLED = { zh: '该用户已被停用，请联系应用的开发者', en: 'This user has been disabled; contact the app’s developer', ru: 'Этот пользователь отключён; обратитесь к разработчику приложения' };
export const disabledUser = () => forbidden(USER_DISABLED);
const OFF = {
  anonymous: { zh: '该项目未开启匿名登录', en: 'Anonymous sign-in is not turned on for this project', ru: 'Анонимный вход в этом проекте не включён' },
  email: { zh: '该项目未开启邮箱登录', en: 'Sign-in with email is not turned on for this project', ru: 'Вход по почте в этом проекте не включён' },
  phone: { zh: '该项目未开启手机号登录', en: 'Sign-in with a phone number is not turned on for this project', ru: 'Вход по номеру телефона в этом проекте не включён' },
};
export const methodOff = (method: 'anonymous' | 'email' | 'phone') => forbidden(OFF[method]);
