import { APP_TITLE } from '@panel/shared';
import type { FastifyInstance } from 'fastify';
import { type RelyingParty, relyingParty } from '../../services/auth/passkeys.ts';

/** The relying party of this server's PUBLIC_URL (services/auth/passkeys.ts). */
export const appRelyingParty = (app: FastifyInstance): RelyingParty =>
  relyingParty(app.config.publicUrl, APP_TITLE);
