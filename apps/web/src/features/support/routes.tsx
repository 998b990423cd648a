import type { FamilyPages } from '../../ui/family-pages';
import { lazyPage } from '../../ui/lazy-page';
import { NavLabel } from './components/NavLabel';

export const topPages: FamilyPages['topPages'] = [
  { path: '/support', element: lazyPage(() => import('./pages/SupportPage'), (m) => m.SupportPage) },
  { path: '/support/new', element: lazyPage(() => import('./pages/NewTicketPage'), (m) => m.NewTicketPage) },
  { path: '/support/:ticketId', element: lazyPage(() => import('./pages/TicketPage'), (m) => m.TicketPage) },
  { path: '/support-desk', element: lazyPage(() => import('./pages/DeskPage'), (m) => m.DeskPage) },
  { path: '/support-desk/:ticketId', element: lazyPage(() => import('./pages/DeskTicketPage'), (m) => m.DeskTicketPage) },
];

export const menu: FamilyPages['menu'] = [
  { key: '/support', label: <NavLabel entry="team" />, show: (v) => v.inTeam },
  { key: '/support-desk', label: <NavLabel entry="desk" />, show: (v) => v.operatorRoles.includes('support') || v.operatorRoles.includes('admin') },
];
