import type { ClaimsService } from '../claims';
import type { QuickAppPackages } from '../quick-app';
import type { PackagesService } from '../service';

/** The family's services, handed to every route file. */
export interface PackagesServices {
  packages: PackagesService;
  quickApps: QuickAppPackages;
  claims: ClaimsService;
}
