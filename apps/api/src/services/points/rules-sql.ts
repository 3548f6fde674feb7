import { type SQL, sql } from 'drizzle-orm';
import { AWARD_RULES, type AwardFacts, type RefusesWhen } from './rules.ts';

/** A column of the facts row, on the alias `alias`. */
const column = (alias: string, fact: keyof AwardFacts) => sql.raw(`${alias}.${fact}`);

/**
 * One rule of rules.ts in SQL, over a row of the facts' columns on `alias`, at `now`: true when it
 * refuses, false otherwise (never null, as evaluate() reads it).
 */
export function ruleSql(rule: RefusesWhen, alias: string, now: Date): SQL {
  const fact = column(alias, rule.fact);
  switch (rule.when) {
    case 'null':
      return sql`(${fact} IS NULL)`;
    case 'not':
      return sql`(${fact} IS NOT TRUE)`;
    case 'true':
      return sql`(${fact} IS TRUE)`;
    case 'reached': {
      const limit = column(alias, rule.limit);
      return sql`coalesce(${fact} >= ${limit}, false)`;
    }
    case 'within': {
      const seconds = column(alias, rule.seconds);
      return sql`coalesce(${fact} > ${now.toISOString()}::timestamptz - make_interval(secs => ${seconds}), false)`;
    }
  }
}

/** Whether any rule of rules.ts refuses the award, in SQL: the `refused` column of awardGate(). */
export function refusedSql(alias: string, now: Date): SQL {
  return sql`(${sql.join(
    AWARD_RULES.map((rule) => ruleSql(rule.refuses, alias, now)),
    sql` OR `,
  )})`;
}
