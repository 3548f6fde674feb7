import { z } from 'zod';
import { MSG } from '../core/messages.ts';

// Only the login form's request: the login screen imports this module, and the answers that carry a
// user (ZLoginResponse, ZMeResponse) live with ZUser in users.ts, so its bundle carries neither.
export const ZLoginRequest = z.object({
  email: z.string().min(1, MSG.emailInvalid).trim().toLowerCase().pipe(z.email(MSG.emailInvalid)),
  password: z.string().min(1, MSG.passwordRequired).max(200),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;
