import { z } from 'zod';

export const ZDashboardSummary = z.object({
  /** Active sellers (what the counter shows). */
  sellers: z.number().int(),
  /** Everyone in Vendedores: sellers active or not, and administrators (the counter's caption). */
  users: z.number().int(),
  posts: z.number().int(),
  events: z.number().int(),
  /** Events from today through the next 7 days (business time zone): the calendar badge. */
  upcoming_events: z.number().int(),
});
export type TDashboardSummary = z.infer<typeof ZDashboardSummary>;
