import type { Queryable } from '../db/db';

/** A user's score on one side (docs/API.md, `Score`): kept by the database in `user_scores`. */
export interface Score {
  /** The mean rating of the shown, unhidden reviews, to one decimal; null with none. */
  average: number | null;
  count: number;
  /** Completed orders over completed and refunded ones; null with neither. */
  completedShare: number | null;
}

export type ScoreSide = 'seller' | 'buyer';

/** A side's score as the columns of a `ScoreRow`, from `user_scores` aliased `alias` (left joined: none reads as empty). */
export function scoreColumns(alias: string, side: ScoreSide): string {
  const ratings = `${alias}.${side}_ratings`;
  const ended = `(${alias}.${side}_completed + ${alias}.${side}_refunded)`;
  return [
    `case when ${ratings} > 0 then round(${alias}.${side}_rating_sum::numeric / ${ratings}, 1)::float8 end as score_average`,
    `coalesce(${ratings}, 0)::int as score_count`,
    `case when ${ended} > 0 then ${alias}.${side}_completed::float8 / ${ended} end as score_share`,
  ].join(', ');
}

/** The columns `scoreColumns` makes, on a row read with them. */
export interface ScoreRow {
  score_average: number | null;
  score_count: number;
  score_share: number | null;
}

/** The `Score` of a row read with `scoreColumns`. */
export const scoreOf = (row: ScoreRow): Score => ({ average: row.score_average, count: row.score_count, completedShare: row.score_share });

export function scoresRepository(db: Queryable) {
  return {
    /** The scores on one side of these users (one statement); a user with none yet scores empty. */
    async scoresOf(userIds: readonly string[], side: ScoreSide): Promise<Map<string, Score>> {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return new Map();
      const rows = await db.query<{ user_id: string } & ScoreRow>(
        `select sc.user_id, ${scoreColumns('sc', side)} from user_scores sc where sc.user_id = any($1::text[])`,
        [ids],
      );
      const scores = new Map(rows.map((row) => [row.user_id, scoreOf(row)]));
      for (const id of ids) if (!scores.has(id)) scores.set(id, EMPTY_SCORE);
      return scores;
    },

    /** One user's score on one side, or undefined for an unknown user. */
    async scoreOfUser(userId: string, side: ScoreSide): Promise<Score | undefined> {
      const [row] = await db.query<ScoreRow>(
        `select ${scoreColumns('sc', side)} from users u left join user_scores sc on sc.user_id = u.id where u.id = $1`,
        [userId],
      );
      return row && scoreOf(row);
    },
  };
}

export const EMPTY_SCORE: Score = { average: null, count: 0, completedShare: null };
