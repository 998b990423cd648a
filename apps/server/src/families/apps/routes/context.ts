import type { Deps } from '../../../platform/deps';
import type { AppClients } from '../client';
import type { AppMover } from '../move';
import type { AppSeries } from '../series';
import type { AppsService } from '../service';

/** The family's services, handed to every route file. */
export interface AppsServices {
  apps: AppsService;
  clients: AppClients;
  mover: AppMover;
  series: AppSeries;
  db: Deps['db'];
}
