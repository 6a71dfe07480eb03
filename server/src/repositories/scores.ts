import type { Queryable } from '../db/db';

/** A user's score on one side (docs/API.md, `Score`): kept by the database in `user_scores`. */
export interface Score {
  /** The mean rating of the shown, unhidden reviews, to one decimal; null with none. */
  average: number | null;
  count: number;
  /** Completed orders over completed and refunded ones; null with neither. */
  completedShare: number | null;
  /** A seller's side only, when true: the "Reliable seller" badge (server/src/insight/README.md). */
  reliable?: true;
}

export type ScoreSide = 'seller' | 'buyer';

/** The score of a user with no shown review and no ended order. */
export const EMPTY_SCORE: Score = { average: null, count: 0, completedShare: null };

/**
 * A side's score of the user `userId` names (an SQL expression), as the one column of a
 * `ScoreRow`: null for a user with none. A subquery rather than a join, and the counts as one JSON
 * array rather than four columns, the score worked out here: on the embedded database each join
 * costs planning and each column of each row its conversion, and a page of 100 books read this
 * way costs least (docs/PERFORMANCE.md, "Reviews").
 */
export function scoreCounts(userId: string, side: ScoreSide): string {
  const counts = [...['ratings', 'rating_sum', 'completed', 'refunded'].map((count) => `sc.${side}_${count}`), side === 'seller' ? 'sc.seller_reliable' : 'false'];
  return `(select json_build_array(${counts.join(', ')}) from user_scores sc where sc.user_id = ${userId}) as score_counts`;
}

/** The column `scoreCounts` makes: the shown reviews' count and rating sum, the completed and refunded orders. */
export interface ScoreRow {
  score_counts: [ratings: number, ratingSum: number, completed: number, refunded: number, reliable?: boolean] | null;
}

/** The `Score` of a row read with `scoreCounts`: the mean to one decimal (halves rounded up, as whole numbers divide). */
export function scoreOf({ score_counts: counts }: ScoreRow): Score {
  if (counts === null) return EMPTY_SCORE;
  const [ratings, ratingSum, completed, refunded, reliable] = counts;
  return {
    average: ratings > 0 ? Math.round((ratingSum * 10) / ratings) / 10 : null,
    count: ratings,
    completedShare: completed + refunded > 0 ? completed / (completed + refunded) : null,
    ...(reliable === true && { reliable }),
  };
}

export function scoresRepository(db: Queryable) {
  return {
    /** The scores on one side of these users (one statement); a user with none yet scores empty. */
    async scoresOf(userIds: readonly string[], side: ScoreSide): Promise<Map<string, Score>> {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return new Map();
      const rows = await db.query<{ user_id: string } & ScoreRow>(
        `select u.id as user_id, ${scoreCounts('u.id', side)} from unnest($1::text[]) as u (id)`,
        [ids],
      );
      return new Map(rows.map((row) => [row.user_id, scoreOf(row)]));
    },

    /** One user's score on one side, or undefined for an unknown user. */
    async scoreOfUser(userId: string, side: ScoreSide): Promise<Score | undefined> {
      const [row] = await db.query<ScoreRow>(
        `select ${scoreCounts('u.id', side)} from users u where u.id = $1`,
        [userId],
      );
      return row && scoreOf(row);
    },
  };
}
