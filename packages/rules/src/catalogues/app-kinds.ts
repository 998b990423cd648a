import type { LocalizedNames } from '../language';
import { freezeDeep } from './freeze';

export interface AppKind {
  readonly id: string;
  readonly category: 'app' | 'game';
  readonly names: LocalizedNames;
}

/** Store kinds (categories) an app or game is listed under, as app stores group them. */
export const APP_KINDS = freezeDeep([
  { id: 'books', category: 'app', names: { cn: '图书阅读', en: 'Books & reference', ru: 'Книги и справочники' } },
  { id: 'business', category: 'app', names: { cn: '商务', en: 'Business', ru: 'Бизнес' } },
  { id: 'education', category: 'app', names: { cn: '教育', en: 'Education', ru: 'Образование' } },
  { id: 'entertainment', category: 'app', names: { cn: '影音娱乐', en: 'Entertainment', ru: 'Развлечения' } },
  { id: 'finance', category: 'app', names: { cn: '金融理财', en: 'Finance', ru: 'Финансы' } },
  { id: 'food', category: 'app', names: { cn: '美食', en: 'Food & drink', ru: 'Еда и напитки' } },
  { id: 'health', category: 'app', names: { cn: '运动健康', en: 'Health & fitness', ru: 'Здоровье и фитнес' } },
  { id: 'lifestyle', category: 'app', names: { cn: '生活服务', en: 'Lifestyle', ru: 'Образ жизни' } },
  { id: 'maps', category: 'app', names: { cn: '出行导航', en: 'Maps & navigation', ru: 'Карты и навигация' } },
  { id: 'medical', category: 'app', names: { cn: '医疗', en: 'Medical', ru: 'Медицина' } },
  { id: 'music', category: 'app', names: { cn: '音乐', en: 'Music & audio', ru: 'Музыка и аудио' } },
  { id: 'news', category: 'app', names: { cn: '新闻资讯', en: 'News & magazines', ru: 'Новости и журналы' } },
  { id: 'personalization', category: 'app', names: { cn: '个性化', en: 'Personalization', ru: 'Персонализация' } },
  { id: 'photography', category: 'app', names: { cn: '拍摄美化', en: 'Photography', ru: 'Фотография' } },
  { id: 'productivity', category: 'app', names: { cn: '效率办公', en: 'Productivity', ru: 'Продуктивность' } },
  { id: 'shopping', category: 'app', names: { cn: '购物比价', en: 'Shopping', ru: 'Покупки' } },
  { id: 'social', category: 'app', names: { cn: '社交通讯', en: 'Social', ru: 'Общение' } },
  { id: 'sports', category: 'app', names: { cn: '体育', en: 'Sports', ru: 'Спорт' } },
  { id: 'tools', category: 'app', names: { cn: '实用工具', en: 'Tools', ru: 'Инструменты' } },
  { id: 'travel', category: 'app', names: { cn: '旅游住宿', en: 'Travel & local', ru: 'Путешествия' } },
  { id: 'video', category: 'app', names: { cn: '视频播放', en: 'Video players & editors', ru: 'Видеоплееры и редакторы' } },
  { id: 'weather', category: 'app', names: { cn: '天气', en: 'Weather', ru: 'Погода' } },
  { id: 'action', category: 'game', names: { cn: '动作', en: 'Action', ru: 'Экшен' } },
  { id: 'adventure', category: 'game', names: { cn: '冒险', en: 'Adventure', ru: 'Приключения' } },
  { id: 'arcade', category: 'game', names: { cn: '街机', en: 'Arcade', ru: 'Аркады' } },
  { id: 'board', category: 'game', names: { cn: '棋类', en: 'Board', ru: 'Настольные' } },
  { id: 'card', category: 'game', names: { cn: '卡牌', en: 'Card', ru: 'Карточные' } },
  { id: 'casual', category: 'game', names: { cn: '休闲', en: 'Casual', ru: 'Казуальные' } },
  { id: 'educational', category: 'game', names: { cn: '教育游戏', en: 'Educational', ru: 'Обучающие' } },
  { id: 'music-game', category: 'game', names: { cn: '音乐游戏', en: 'Music', ru: 'Музыкальные' } },
  { id: 'puzzle', category: 'game', names: { cn: '益智', en: 'Puzzle', ru: 'Головоломки' } },
  { id: 'racing', category: 'game', names: { cn: '竞速', en: 'Racing', ru: 'Гонки' } },
  { id: 'role-playing', category: 'game', names: { cn: '角色扮演', en: 'Role playing', ru: 'Ролевые' } },
  { id: 'simulation', category: 'game', names: { cn: '模拟经营', en: 'Simulation', ru: 'Симуляторы' } },
  { id: 'sports-game', category: 'game', names: { cn: '体育竞技', en: 'Sports', ru: 'Спортивные' } },
  { id: 'strategy', category: 'game', names: { cn: '策略', en: 'Strategy', ru: 'Стратегии' } },
  { id: 'trivia', category: 'game', names: { cn: '问答', en: 'Trivia', ru: 'Викторины' } },
  { id: 'word', category: 'game', names: { cn: '文字', en: 'Word', ru: 'Словесные' } },
] as const satisfies readonly AppKind[]);

export function appKindById(id: string | null | undefined): AppKind | null {
  return APP_KINDS.find((k) => k.id === id) ?? null;
}
