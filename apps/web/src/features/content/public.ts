// The content family's face in the console: what the shell and other families use of it.
export { NewsDetailPage } from './pages/NewsDetailPage';
export { NewsPage } from './pages/NewsPage';
export { BillboardBanner } from './components/BillboardBanner';
export { DiscountsCard } from './components/DiscountsCard';
export { NewsList } from './components/NewsList';
export { useLatestNews } from './hooks';
export { useContentTabs } from './components/ContentTabs';
export type { ContentKind } from './manage';
