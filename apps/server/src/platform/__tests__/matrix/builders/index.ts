import type { Builders } from '../types';
import { accountsBuilders } from './accounts';
import { agreementsBuilders } from './agreements';
import { contentBuilders } from './content';
import { filesBuilders } from './files';
import { packageKindsBuilders } from './package-kinds';
import { packagesBuilders } from './packages';
import { projectsAppsBuilders } from './projects-apps';
import { testingBuilders } from './testing';
import { versionsBuilders } from './versions';
import { immersiveQualificationsBuilders } from './immersive-qualifications';

/** One request builder per endpoint id of the contract (see ../README.md). */
export const BUILDERS: Builders = {
  ...accountsBuilders(),
  ...contentBuilders(),
  ...projectsAppsBuilders(),
  ...filesBuilders(),
  ...packagesBuilders(),
  ...versionsBuilders(),
  ...testingBuilders(),
  ...immersiveQualificationsBuilders(),
  ...agreementsBuilders(),
  ...packageKindsBuilders(),
};
