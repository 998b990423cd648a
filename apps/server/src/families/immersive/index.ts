import type { Family } from '../../platform/deps';
import type { ImmersiveServices } from './routes/context';
import { imageColorRoute } from './routes/image-color';
import { getImmersiveInfoRoute } from './routes/get-immersive-info';
import { createImmersiveInfoRoute } from './routes/create-immersive-info';
import { updateImmersiveInfoRoute } from './routes/update-immersive-info';
import { deleteImmersiveInfoRoute } from './routes/delete-immersive-info';
import { submitAuditRoute } from './routes/submit-audit';
import { cancelAuditRoute } from './routes/cancel-audit';
import { reviewQueueRoute } from './routes/review-queue';
import { reviewImageRoute } from './routes/review-image';
import { reviewDecideRoute } from './routes/review-decide';
import { ImmersiveService } from './service';
import { immersiveRepo } from './repo';

const ROUTES = [
  imageColorRoute,
  getImmersiveInfoRoute,
  createImmersiveInfoRoute,
  updateImmersiveInfoRoute,
  deleteImmersiveInfoRoute,
  submitAuditRoute,
  cancelAuditRoute,
  reviewQueueRoute,
  reviewImageRoute,
  reviewDecideRoute,
];

export const immersiveFamily: Family = {
  name: 'immersive',
  services: [
    {
      id: 'immersive-banner',
      serviceId: 'app.immersiveBanner',
      menuId: 'immersive-banner',
      categoryId: 8,
      names: { cn: '沉浸式横幅', en: 'Immersive banner', ru: 'Иммерсивный баннер' },
      route: '/apps/:appId/immersive',
      scope: 'app',
    },
  ],
  // The app's review tasks are the queue's (versions); the info and its pictures are this family's.
  lifecycle: () => ({
    appMoving: (tx, move) => immersiveRepo.moveApp(tx, move.appId, move.toTeamId),
    appRemoving: (tx, appId) => immersiveRepo.remove(tx, appId),
  }),
  register(app, deps) {
    const s: ImmersiveServices = { immersive: new ImmersiveService(deps) };
    for (const route of ROUTES) route(app, s);
  },
};
