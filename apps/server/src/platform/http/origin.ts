import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/**
 * Where this deployment is reached, for the absolute addresses an answer or a mail hands
 * out: PUBLIC_URL when set, else the origin the request came to.
 */
export const publicOrigin = (config: Pick<Config, 'publicUrl'>, req: Pick<FastifyRequest, 'protocol' | 'host'>): string => config.publicUrl ?? `${req.protocol}://${req.host}`;
