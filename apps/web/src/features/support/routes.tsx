import type { FamilyPages } from '../../ui/family-pages';
import { NavLabel } from './components/NavLabel';
import { DeskPage } from './pages/DeskPage';
import { DeskTicketPage } from './pages/DeskTicketPage';
import { NewTicketPage } from './pages/NewTicketPage';
import { SupportPage } from './pages/SupportPage';
import { TicketPage } from './pages/TicketPage';

export const topPages: FamilyPages['topPages'] = [
  { path: '/support', element: <SupportPage /> },
  { path: '/support/new', element: <NewTicketPage /> },
  { path: '/support/:ticketId', element: <TicketPage /> },
  { path: '/support-desk', element: <DeskPage /> },
  { path: '/support-desk/:ticketId', element: <DeskTicketPage /> },
];

export const menu: FamilyPages['menu'] = [
  { key: '/support', label: <NavLabel entry="team" />, show: (v) => v.inTeam },
  { key: '/support-desk', label: <NavLabel entry="desk" />, show: (v) => v.operatorRoles.includes('support') || v.operatorRoles.includes('admin') },
];
