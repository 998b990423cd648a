import type { MembersService } from '../../accounts/public';
import type { ProjectsService } from '../service';

/** The family's services, handed to every route file. */
export interface ProjectsServices {
  projects: ProjectsService;
  /** The team's members, for a project's member list. */
  members: MembersService;
}
