import type { EvolutionProblem, ObjectTypeProblem, RuleProblem, ValueProblem } from '@wharf/rules';
import type { LocalisedText } from '../../platform/http/errors';

type Say = (p: { t: string; f: string; i: string; n: number }) => LocalisedText;

const PROBLEMS: Record<ObjectTypeProblem['code'], Say> = {
  duplicateField: ({ t, f }) => ({ zh: `对象类型“${t}”中字段“${f}”重复（名称不区分大小写）`, en: `Object type “${t}” has field “${f}” twice (names ignore case)`, ru: `В типе объектов «${t}» поле «${f}» встречается дважды (регистр не различается)` }),
  tooManyFields: ({ t, n }) => ({ zh: `对象类型“${t}”最多 ${n} 个字段`, en: `Object type “${t}” may have at most ${n} fields`, ru: `У типа объектов «${t}» не больше ${n} полей` }),
  noPrimaryKey: ({ t }) => ({ zh: `对象类型“${t}”至少需要一个主键字段`, en: `Object type “${t}” needs at least one primary key field`, ru: `Типу объектов «${t}» нужно хотя бы одно поле первичного ключа` }),
  tooManyPrimaryKeyFields: ({ t, n }) => ({ zh: `对象类型“${t}”的复合主键最多 ${n} 个字段`, en: `Object type “${t}”: a primary key has at most ${n} fields`, ru: `Тип объектов «${t}»: в первичном ключе не больше ${n} полей` }),
  primaryKeyType: ({ f }) => ({ zh: `字段“${f}”的类型不能作为主键（ByteArray、Text、Date、Double、Float、Boolean 不可）`, en: `Field “${f}” cannot be a primary key with its type (not ByteArray, Text, Date, Double, Float or Boolean)`, ru: `Поле «${f}» не может быть первичным ключом с этим типом (нельзя ByteArray, Text, Date, Double, Float, Boolean)` }),
  primaryKeyEncrypted: ({ f }) => ({ zh: `主键字段“${f}”不能加密`, en: `Primary key field “${f}” cannot be encrypted`, ru: `Поле первичного ключа «${f}» нельзя шифровать` }),
  notNullType: ({ f }) => ({ zh: `字段“${f}”的类型不支持非空（ByteArray、Date）`, en: `Field “${f}” cannot be required with its type (ByteArray, Date)`, ru: `Поле «${f}» с этим типом не может быть обязательным (ByteArray, Date)` }),
  notNullNeedsDefault: ({ f }) => ({ zh: `非空字段“${f}”需要默认值`, en: `Required field “${f}” needs a default value`, ru: `Обязательному полю «${f}» нужно значение по умолчанию` }),
  encryptedType: ({ f }) => ({ zh: `字段“${f}”的类型不支持加密（ByteArray、Text）`, en: `Field “${f}” cannot be encrypted with its type (ByteArray, Text)`, ru: `Поле «${f}» с этим типом нельзя шифровать (ByteArray, Text)` }),
  encryptedNotNull: ({ f }) => ({ zh: `加密字段“${f}”不能设为非空`, en: `Encrypted field “${f}” cannot be required`, ru: `Шифруемое поле «${f}» не может быть обязательным` }),
  tooManyEncrypted: ({ t, n }) => ({ zh: `对象类型“${t}”最多 ${n} 个加密字段`, en: `Object type “${t}” may have at most ${n} encrypted fields`, ru: `У типа объектов «${t}» не больше ${n} шифруемых полей` }),
  defaultNotAllowed: ({ f }) => ({ zh: `字段“${f}”不能有默认值（主键、加密字段、ByteArray、Date、自增字段）`, en: `Field “${f}” cannot have a default value (primary key, encrypted, ByteArray, Date, auto-increment)`, ru: `У поля «${f}» не может быть значения по умолчанию (ключ, шифруемое, ByteArray, Date, автоинкремент)` }),
  defaultInvalid: ({ f }) => ({ zh: `字段“${f}”的默认值不符合其类型`, en: `The default value of field “${f}” does not fit its type`, ru: `Значение по умолчанию поля «${f}» не подходит к его типу` }),
  defaultTooLong: ({ f, n }) => ({ zh: `字段“${f}”的默认值最多 ${n} 个字符`, en: `The default value of field “${f}” is at most ${n} characters`, ru: `Значение по умолчанию поля «${f}» — не больше ${n} символов` }),
  maxLengthNotAllowed: ({ f }) => ({ zh: `只有 String 和 Text 字段可以设置最大长度（“${f}”）`, en: `Only String and Text fields have a maximum length (“${f}”)`, ru: `Максимальная длина бывает только у полей String и Text («${f}»)` }),
  maxLengthRange: ({ f, n }) => ({ zh: `字段“${f}”的最大长度须在 1 到 ${n} 之间`, en: `The maximum length of field “${f}” is from 1 to ${n}`, ru: `Максимальная длина поля «${f}» — от 1 до ${n}` }),
  autoIncrementTwice: ({ t }) => ({ zh: `对象类型“${t}”最多一个自增字段`, en: `Object type “${t}” has at most one auto-increment field`, ru: `У типа объектов «${t}» не больше одного автоинкрементного поля` }),
  duplicateIndex: ({ t, i }) => ({ zh: `对象类型“${t}”中索引“${i}”重复`, en: `Object type “${t}” has index “${i}” twice`, ru: `В типе объектов «${t}» индекс «${i}» встречается дважды` }),
  tooManyIndexes: ({ t, n }) => ({ zh: `对象类型“${t}”最多 ${n} 个索引`, en: `Object type “${t}” has at most ${n} indexes`, ru: `У типа объектов «${t}» не больше ${n} индексов` }),
  indexEmpty: ({ i }) => ({ zh: `索引“${i}”没有字段`, en: `Index “${i}” has no field`, ru: `В индексе «${i}» нет полей` }),
  tooManyIndexFields: ({ i, n }) => ({ zh: `索引“${i}”最多 ${n} 个字段`, en: `Index “${i}” has at most ${n} fields`, ru: `В индексе «${i}» не больше ${n} полей` }),
  indexUnknownField: ({ i, f }) => ({ zh: `索引“${i}”中的字段“${f}”不存在`, en: `Index “${i}” names field “${f}”, which does not exist`, ru: `Индекс «${i}» называет поле «${f}», которого нет` }),
  indexFieldType: ({ i, f }) => ({ zh: `字段“${f}”不能用于索引“${i}”（ByteArray、Text、加密字段不可）`, en: `Field “${f}” cannot be in index “${i}” (not ByteArray, Text or encrypted fields)`, ru: `Поле «${f}» нельзя включить в индекс «${i}» (нельзя ByteArray, Text и шифруемые)` }),
  indexFieldTwice: ({ i, f }) => ({ zh: `索引“${i}”中字段“${f}”重复`, en: `Index “${i}” lists field “${f}” twice`, ru: `В индексе «${i}» поле «${f}» указано дважды` }),
  duplicateRole: ({ t, f }) => ({ zh: `对象类型“${t}”的角色“${f}”权限重复`, en: `Object type “${t}” lists the rights of role “${f}” twice`, ru: `У типа объектов «${t}» права роли «${f}» указаны дважды` }),
};

export const problemWords = (p: ObjectTypeProblem): LocalisedText => PROBLEMS[p.code]({ t: p.objectType, f: p.field ?? '', i: p.index ?? '', n: p.limit ?? 0 });

const REFUSALS: Record<EvolutionProblem['code'], Say> = {
  primaryKeyChanged: ({ t, f }) => ({ zh: `对象类型“${t}”的主键不能修改（“${f}”）：设备上的数据靠它识别`, en: `The primary key of object type “${t}” cannot change (“${f}”): devices know their documents by it`, ru: `Первичный ключ типа объектов «${t}» менять нельзя («${f}»): по нему устройства узнают документы` }),
  typeNarrowed: ({ f }) => ({ zh: `字段“${f}”的类型只能放宽（如 Integer → Long、Float → Double、String → Text），否则会丢失数据`, en: `Field “${f}” may only get a wider type (Integer → Long, Float → Double, String → Text): another would lose data`, ru: `Тип поля «${f}» можно только расширить (Integer → Long, Float → Double, String → Text): иначе данные потеряются` }),
  lengthNarrowed: ({ f }) => ({ zh: `字段“${f}”的最大长度不能减小：较长的值会丢失`, en: `The maximum length of field “${f}” cannot shrink: longer values would be lost`, ru: `Максимальную длину поля «${f}» нельзя уменьшить: длинные значения потеряются` }),
  encryptionChanged: ({ f }) => ({ zh: `字段“${f}”创建后不能修改加密属性`, en: `Whether field “${f}” is encrypted cannot change once it exists`, ru: `Шифрование поля «${f}» нельзя менять после создания` }),
  autoIncrementAdded: ({ f }) => ({ zh: `不能给已有对象类型新增自增字段“${f}”`, en: `An auto-increment field (“${f}”) cannot be added to an existing object type`, ru: `В существующий тип объектов нельзя добавить автоинкрементное поле («${f}»)` }),
};

export const refusalWords = (p: EvolutionProblem): LocalisedText => REFUSALS[p.code]({ t: p.objectType, f: p.field, i: '', n: 0 });

const VALUES: Record<ValueProblem, (f: string, type: string) => LocalisedText> = {
  type: (f, type) => ({ zh: `字段“${f}”的值须为 ${type}`, en: `Field “${f}” must be a ${type}`, ru: `Поле «${f}» должно быть типа ${type}` }),
  range: (f, type) => ({ zh: `字段“${f}”的值超出 ${type} 的范围`, en: `Field “${f}” is out of the range of a ${type}`, ru: `Значение поля «${f}» вне диапазона ${type}` }),
  tooLong: (f) => ({ zh: `字段“${f}”的值过长`, en: `Field “${f}” is too long`, ru: `Значение поля «${f}» слишком длинное` }),
  null: (f) => ({ zh: `字段“${f}”不能为空`, en: `Field “${f}” is required`, ru: `Поле «${f}» обязательно` }),
};

export const valueWords = (problem: ValueProblem, field: string, type: string): LocalisedText => VALUES[problem](field, type);

/** A document's place in a batch, in front of what is wrong with it. */
export const inDocument = (index: number, text: LocalisedText): LocalisedText => ({
  zh: `第 ${index + 1} 条数据：${text.zh}`,
  en: `Document ${index + 1}: ${text.en}`,
  ru: `Документ ${index + 1}: ${text.ru}`,
});

const OPS = { read: { zh: '读取', en: 'read', ru: 'чтения' }, upsert: { zh: '写入', en: 'upsert', ru: 'записи' }, delete: { zh: '删除', en: 'delete', ru: 'удаления' } };
const RULES: Record<RuleProblem['code'], (d: string) => LocalisedText> = {
  syntax: (d) => ({ zh: `无法解析：${d}`, en: `it does not parse: ${d}`, ru: `не разбирается: ${d}` }),
  tooLong: (d) => ({ zh: `最多 ${d} 个字符`, en: `it is longer than ${d} characters`, ru: `длиннее ${d} символов` }),
  unknownName: (d) => ({ zh: `未知名称“${d}”（可用 auth、auth.uid、auth.anonymous、resource、resource.owner、resource.data.字段、request.data.字段）`, en: `“${d}” is not a known name (auth, auth.uid, auth.anonymous, resource, resource.owner, resource.data.<field>, request.data.<field>)`, ru: `«${d}» — неизвестное имя (auth, auth.uid, auth.anonymous, resource, resource.owner, resource.data.<поле>, request.data.<поле>)` }),
  unknownField: (d) => ({ zh: `没有字段“${d}”`, en: `there is no field “${d}”`, ru: `нет поля «${d}»` }),
  requestInRead: (d) => ({ zh: `只有写入规则可以使用 ${d}`, en: `only the upsert rule may use ${d}`, ru: `${d} можно использовать только в правиле записи` }),
  notAllowed: (d) => ({ zh: `不支持“${d}”（可用 == != < <= > >= in && || ! 和括号）`, en: `“${d}” is not part of the language (== != < <= > >= in && || ! and brackets are)`, ru: `«${d}» не входит в язык (есть == != < <= > >= in && || ! и скобки)` }),
};

/** A security rule's problem, naming its operation. */
export function ruleWords(p: RuleProblem, before: LocalisedText = { zh: '', en: '', ru: '' }): LocalisedText {
  const o = OPS[p.operation];
  const w = RULES[p.code](p.detail);
  return { zh: `${before.zh}${o.zh}规则：${w.zh}`, en: `${before.en}${before.en ? 'the' : 'The'} ${o.en} rule: ${w.en}`, ru: `${before.ru}правило ${o.ru}: ${w.ru}` };
}
