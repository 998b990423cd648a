import type { ImmersiveService } from '../service';

/** The family's services, handed to every route file. */
export interface ImmersiveServices {
  immersive: ImmersiveService;
}
