import { Trans } from 'react-i18next';
import type { FamilyPages } from '../../ui/family-pages';
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
  { key: '/support', label: <Trans ns="support" i18nKey="nav.team" />, show: (v) => v.inTeam },
  { key: '/support-desk', label: <Trans ns="support" i18nKey="nav.desk" />, show: (v) => v.operatorRoles.includes('support') || v.operatorRoles.includes('admin') },
];
