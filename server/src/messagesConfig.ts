type Env = Record<string, string | undefined>;

export interface MessagesConfig {
  /** `MESSAGES_PER_MINUTE` (30): messages one user may send a minute, over every API process; 0 turns it off. */
  messagesPerMinute: number;
}

/** How many messages a user may send (server/src/messages/README.md). */
export function messagesConfig(env: Env, problems: string[]): MessagesConfig {
  const raw = env.MESSAGES_PER_MINUTE?.trim();
  if (!raw) return { messagesPerMinute: 30 };
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > 10_000) {
    problems.push(`MESSAGES_PER_MINUTE must be a whole number up to 10000 (0 turns the limit off), got "${raw}"`);
    return { messagesPerMinute: 30 };
  }
  return { messagesPerMinute: value };
}
