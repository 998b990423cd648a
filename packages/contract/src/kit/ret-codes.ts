import { RISK_CONTROL_CODE } from '@wharf/rules';

/**
 * The ret.code table. The HTTP status goes with the code so the server cannot answer a
 * code with the wrong status; the messages are the server's own (Chinese or English by
 * the language header: Chinese, English or Russian); the console shows known codes from its own cn/en/ru locales.
 */
export const RET_CODES = {
  success: { code: 0, status: 200, zh: '成功', en: 'success', ru: 'успешно' },
  invalidInput: { code: 100400, status: 400, zh: '参数不合法', en: 'Invalid input', ru: 'Недопустимые параметры' },
  sessionInvalid: { code: 100401, status: 401, zh: 'accessToken invalid：会话无效或已过期，请重新登录', en: 'accessToken invalid: the session is missing or has expired; please sign in again', ru: 'accessToken invalid: сеанса нет или он истёк; войдите снова' },
  csrfInvalid: { code: 100402, status: 403, zh: 'CSRF 令牌缺失或不匹配', en: 'The CSRF token is missing or does not match', ru: 'Токен CSRF отсутствует или не совпадает' },
  forbidden: { code: 100403, status: 403, zh: '没有执行此操作的权限', en: 'You do not have permission to do this', ru: 'У вас нет прав на это действие' },
  credentialsInvalid: { code: 100406, status: 400, zh: '邮箱或密码不正确', en: 'The email or password is incorrect', ru: 'Неверный адрес почты или пароль' },
  teamRequired: { code: 100407, status: 403, zh: '请先选择团队', en: 'Choose a team first', ru: 'Сначала выберите команду' },
  notMember: { code: 100408, status: 403, zh: '您不是该团队的成员或成员资格已过期', en: 'You are not a member of this team, or your membership has expired', ru: 'Вы не участник этой команды, или срок участия истёк' },
  notFound: { code: 100404, status: 404, zh: '资源不存在', en: 'Not found', ru: 'Не найдено' },
  routeNotFound: { code: 100405, status: 404, zh: '接口不存在', en: 'No such call', ru: 'Такого вызова нет' },
  conflict: { code: 100409, status: 409, zh: '当前状态不允许此操作', en: 'This is not allowed in the current state', ru: 'В текущем состоянии это не разрешено' },
  agreementUnsigned: { code: 100410, status: 409, zh: '团队尚未签署发布所需的协议', en: 'The team has not signed the agreement that publishing needs', ru: 'Команда не подписала соглашение, необходимое для публикации' },
  appCredentialsInvalid: { code: 100411, status: 401, zh: '应用凭据缺失或无效（client_id、api_key）', en: 'The app credentials (client_id, api_key) are missing or invalid', ru: 'Учётные данные приложения (client_id, api_key) отсутствуют или недействительны' },
  apiClientInvalid: { code: 100412, status: 401, zh: 'API 客户端的访问令牌缺失或无效', en: "The API client's access token is missing or invalid", ru: 'Токен доступа API-клиента отсутствует или недействителен' },
  appUserTokenInvalid: { code: 100418, status: 401, zh: '应用用户的令牌缺失、已过期或已被撤销，请重新登录', en: "The app user's token is missing, expired or revoked; sign in again", ru: 'Токен пользователя приложения отсутствует, истёк или отозван; войдите снова' },
  appKeyRestricted: { code: 100417, status: 403, zh: '此应用的 API 密钥不允许来自该包名或网站来源的调用', en: "The app's API key does not allow calls from this package name or web origin", ru: 'API-ключ приложения не разрешает вызовы с этого имени пакета или веб-источника' },
  apiScopeMissing: { code: 100414, status: 403, zh: 'API 客户端没有此接口所需的权限', en: 'The API client has not been granted what this call needs', ru: 'API-клиенту не выданы права, нужные этому вызову' },
  notOfferedHere: { code: 100451, status: 403, zh: '此应用未在您所在的国家或地区提供', en: 'This app is not offered in your country or region', ru: 'Это приложение недоступно в вашей стране или регионе' },
  tooLarge: { code: 100413, status: 413, zh: '内容过大', en: 'Too large', ru: 'Слишком большой объём' },
  requestTimeout: { code: 100498, status: 408, zh: '请求超时：长时间未收到数据', en: 'The request timed out: no data arrived for too long', ru: 'Время запроса истекло: данные слишком долго не поступали' },
  rangeNotSatisfiable: { code: 100416, status: 416, zh: '请求的范围无效', en: 'The requested range cannot be served', ru: 'Запрошенный диапазон недоступен' },
  unsupportedMedia: { code: 100415, status: 415, zh: '不支持的内容类型', en: 'Unsupported content type', ru: 'Неподдерживаемый тип содержимого' },
  transactionConflict: { code: 100419, status: 409, zh: '事务读取的数据已被修改，未写入任何数据：请重新读取后重试', en: 'A document the transaction read has changed since: nothing was written; read again and retry', ru: 'Документ, прочитанный транзакцией, с тех пор изменился: ничего не записано; прочитайте снова и повторите' },
  needsPostgres: { code: 100420, status: 409, zh: '数据库管理需要部署运行在 PostgreSQL 上（当前为内嵌数据库）', en: 'Database management needs the deployment to run on PostgreSQL (this one runs on the embedded database)', ru: 'Для управления базами данных развёртывание должно работать на PostgreSQL (сейчас используется встроенная база)' },
  functionFailed: { code: 100502, status: 502, zh: '函数执行出错', en: 'The function failed', ru: 'Функция завершилась с ошибкой' },
  functionTimeout: { code: 100504, status: 504, zh: '函数执行超时', en: 'The function ran past its timeout', ru: 'Функция превысила время выполнения' },
  rateLimited: { code: 100429, status: 429, zh: '请求过于频繁，请稍后再试', en: 'Too many requests; please try again later', ru: 'Слишком много запросов; повторите позже' },
  internal: { code: 100500, status: 500, zh: '服务器内部错误', en: 'Internal server error', ru: 'Внутренняя ошибка сервера' },
  unavailable: { code: 100503, status: 503, zh: '服务暂不可用', en: 'Service unavailable', ru: 'Сервис недоступен' },
  riskControl: { code: RISK_CONTROL_CODE, status: 400, zh: '登录失败次数过多，请稍后再试', en: 'Too many failed sign-ins; please try again later', ru: 'Слишком много неудачных попыток входа; повторите позже' },
} as const satisfies Record<string, { code: number; status: number; zh: string; en: string; ru: string }>;

export type RetCodeName = keyof typeof RET_CODES;

export function retCodeByNumber(code: number): RetCodeName | undefined {
  return (Object.keys(RET_CODES) as RetCodeName[]).find((k) => RET_CODES[k].code === code);
}
