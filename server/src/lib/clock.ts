/** The time the server acts on. Tests pass one they move; production reads the system's. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
