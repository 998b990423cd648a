import { rightsOf, type CloudDbObjectType, type CloudDbRight } from '@wharf/rules';
import { forbidden } from '../../platform/http/errors';

/** Who a document call acts for: an app user (by the token), nobody (the key alone), or the project (console, functions). */
export type Actor = { kind: 'user'; userId: string; anonymous: boolean } | { kind: 'world' } | { kind: 'admin' };

/** Which documents a right reaches: all of them, or only the caller's own (Creator). */
export type Reach = 'all' | 'own';

const VERBS: Record<CloudDbRight, { zh: string; en: string; ru: string }> = {
  Read: { zh: '读取', en: 'read', ru: 'читать' },
  Upsert: { zh: '写入', en: 'write', ru: 'записывать' },
  Delete: { zh: '删除', en: 'delete', ru: 'удалять' },
};

/**
 * AppGallery Connect's four roles: World is anyone with the app's key, Authenticated any
 * signed-in app user, Creator a signed-in user on the documents they created, Administrator
 * the project itself. The widest role the caller holds decides; a refusal says what would help.
 */
export function reachOf(type: CloudDbObjectType, actor: Actor, right: CloudDbRight): Reach {
  if (actor.kind === 'admin') {
    if (rightsOf(type, 'Administrator').has(right)) return 'all';
  } else {
    if (rightsOf(type, 'World').has(right)) return 'all';
    if (actor.kind === 'user' && rightsOf(type, 'Authenticated').has(right)) return 'all';
    if (actor.kind === 'user' && rightsOf(type, 'Creator').has(right)) return 'own';
  }
  const v = VERBS[right];
  const t = type.objectTypeName;
  const signIn = actor.kind === 'world' && (rightsOf(type, 'Authenticated').has(right) || rightsOf(type, 'Creator').has(right));
  if (signIn) {
    throw forbidden({ zh: `登录后才能${v.zh}对象类型“${t}”的数据`, en: `Sign in to ${v.en} documents of object type “${t}”`, ru: `Войдите, чтобы ${v.ru} документы типа «${t}»` });
  }
  throw forbidden({ zh: `无权${v.zh}对象类型“${t}”的数据`, en: `You may not ${v.en} documents of object type “${t}”`, ru: `Нет права ${v.ru} документы типа «${t}»` });
}

/** The owner a new document gets: the signed-in user, or nobody. */
export const ownerOf = (actor: Actor): string | null => (actor.kind === 'user' ? actor.userId : null);
