import { z } from 'zod';
import { MSG } from '../core/messages.ts';
import { ZUser } from './users.ts';

export const ZLoginRequest = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email(MSG.emailInvalid)),
  password: z.string().min(1, MSG.passwordRequired).max(200),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZLoginResponse = z.object({ token: z.string(), user: ZUser });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZMeResponse = z.object({ data: ZUser });
